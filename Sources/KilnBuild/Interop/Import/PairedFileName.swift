/// A file name of the layouts that keep a migration's up and down parts in two files,
/// `<version>_<name>.up.sql` and `<version>_<name>.down.sql` (golang-migrate, sqlx's reversible
/// migrations), or its only part in `<version>_<name>.sql` (sqlx's simple migrations).
struct PairedFileName {
    /// Which part the file holds.
    enum Direction {
        /// `.up.sql`.
        case up
        /// `.down.sql`.
        case down
        /// `.sql`, a migration without a down part.
        case simple
    }

    /// The version's digits as written.
    let version: String
    /// The name after the version.
    let name: String
    /// Which part the file holds.
    let direction: Direction

    /// Parses a file name; nil when it is not `<digits>_<name>[.up|.down].sql`.
    init?(_ fileName: String) {
        guard fileName.hasSuffix(".sql") else { return nil }
        var stem = fileName.dropLast(4)
        if stem.hasSuffix(".up") {
            direction = .up
            stem = stem.dropLast(3)
        } else if stem.hasSuffix(".down") {
            direction = .down
            stem = stem.dropLast(5)
        } else {
            direction = .simple
        }
        guard let (version, name) = LayoutFiles.versionAndName(stem) else { return nil }
        self.version = version
        self.name = name
    }

    /// Reads a folder of paired files: up and simple files are migrations, down files are listed.
    ///
    /// - Parameters:
    ///   - folder: the source folder.
    ///   - tool: the tool the folder belongs to, which errors name.
    ///   - acceptsSimple: whether a `<version>_<name>.sql` file is a migration (sqlx) or unrecognized.
    ///   - tracked: the version as the tool stores it, or nil when it does not fit the tool's type.
    /// - Returns: what the folder holds.
    /// - Throws: ``ImportError`` for a file that cannot be imported.
    static func read(
        _ folder: SourceFolder, tool: ForeignTool, acceptsSimple: Bool, tracked: (String) -> String?
    ) throws -> LayoutReading {
        var reading = LayoutReading()
        for file in folder.names {
            guard !folder.folders.contains(file), let parsed = PairedFileName(file),
                parsed.direction != .simple || acceptsSimple
            else {
                try LayoutFiles.other(file, in: folder, tool: tool, into: &reading)
                continue
            }
            if parsed.direction == .down {
                reading.skippedDowns.append(folder.location(file))
                continue
            }
            guard let trackedVersion = tracked(parsed.version), let order = VersionKey([Substring(parsed.version)])
            else {
                throw ImportError(.versionOutOfRange(parsed.version, tool), at: folder.location(file))
            }
            reading.migrations.append(
                try LayoutFiles.wholeFile(
                    file, in: folder, order: .numbers(order), tracked: trackedVersion, written: parsed.version,
                    name: parsed.name))
        }
        return reading
    }
}
