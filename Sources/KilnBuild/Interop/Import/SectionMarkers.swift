import Kiln

/// The tools that keep up and down parts in one file, between marker comments: goose (`-- +goose Up`,
/// `-- +goose Down`) and dbmate (`-- migrate:up`, `-- migrate:down`). The imported part is everything
/// before the down marker (the up marker and other annotations are comments, kept as written); the down
/// section is listed.
enum SectionMarkers {
    /// goose's command on an annotation line (`-- +goose Up` gives `up`), lowercased; nil for other lines.
    static func goose(_ line: SourceLines.Line) -> String? {
        guard let text = SourceLines.commentText(line), text.hasPrefix("+goose") else { return nil }
        return text.dropFirst(6).trimmingWhitespace()
    }

    /// dbmate's command on a marker line (`-- migrate:up transaction:false` gives `up transaction:false`).
    static func dbmate(_ line: SourceLines.Line) -> String? {
        guard let text = SourceLines.commentText(line), text.hasPrefix("migrate:") else { return nil }
        return text.dropFirst(8).trimmingWhitespace()
    }

    /// Whether a file of the folder holds a goose or dbmate up marker.
    static func hasMarkers(in folder: SourceFolder, file: String) -> Bool {
        guard let bytes = try? folder.read(file) else { return false }
        return SourceLines(bytes).lines.contains { isUp(goose($0)) || isUp(dbmate($0)) }
    }

    /// Whether a command is `up`, with or without options.
    static func isUp(_ command: String?) -> Bool { command == "up" || command?.hasPrefix("up ") == true }

    /// Whether a command is `down`, with or without options.
    static func isDown(_ command: String?) -> Bool { command == "down" || command?.hasPrefix("down ") == true }

    /// Reads one sectioned file: the part before its down marker is the migration.
    ///
    /// - Parameters:
    ///   - file: the file, relative to the folder.
    ///   - folder: the source folder.
    ///   - version: the migration's order key, tracked version and written version.
    ///   - name: the migration's name.
    ///   - command: the marker reader of the tool.
    ///   - upMarker: the up marker as the error names it.
    ///   - reading: receives the down section's location and the notes.
    ///   - note: the decision a command line asks to list (a transaction setting kiln does not follow).
    /// - Returns: the migration.
    /// - Throws: ``ImportError`` when there is no up marker, or SQL before it.
    static func read(
        _ file: String, in folder: SourceFolder, version: (order: SourceOrder, tracked: String, written: String),
        name: String, command: (SourceLines.Line) -> String?, upMarker: String, into reading: inout LayoutReading,
        note: (String) -> String?
    ) throws -> SourceMigration {
        let bytes = try folder.read(file)
        var up: Int?
        var down: Int?
        for line in SourceLines(bytes).lines {
            guard let command = command(line) else { continue }
            let location = folder.location(file, bytes: bytes, offset: line.start)
            if let message = note(command) { reading.notes.append(ImportNote(message, at: location)) }
            if isUp(command), up == nil, down == nil { up = line.start }
            if isDown(command), down == nil {
                down = line.start
                reading.skippedDowns.append(location)
            }
        }
        guard let up, !SQLLexer.containsStatement(Array(bytes[..<up])) else {
            throw ImportError(.missingUpSection(upMarker), at: folder.location(file))
        }
        return SourceMigration(
            order: version.order, trackedVersion: version.tracked, writtenVersion: version.written, name: name,
            file: file, bytes: bytes, imported: 0..<(down ?? bytes.count))
    }
}
