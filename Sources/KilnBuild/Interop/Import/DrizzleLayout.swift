import Kiln

/// drizzle-kit: `<tag>.sql` files (`0000_<name>.sql`), statements separated by `--> statement-breakpoint`
/// lines, run in the order of `meta/_journal.json` (beside drizzle-kit's snapshots in `meta/`). drizzle records
/// each applied file in `__drizzle_migrations` as the SHA-256 of its text (line ends normalized to LF) and
/// its journal `when` as `created_at`, which is the version kiln maps.
enum DrizzleLayout: MigrationLayout {
    /// The line drizzle-kit writes between two statements; drizzle runs each part on its own.
    static let breakpoint = "--> statement-breakpoint"

    /// A `meta/` folder, or a `.sql` file holding a breakpoint line, is drizzle's shape.
    static func isCandidate(_ folder: SourceFolder) -> Bool {
        folder.folders.contains("meta")
            || folder.files.contains { name in
                guard name.hasSuffix(".sql"), let bytes = try? folder.read(name) else { return false }
                return SourceLines(bytes).lines.contains { $0.text.hasPrefix(breakpoint) }
            }
    }

    /// Only drizzle-kit writes `meta/_journal.json`.
    static func hasDecidingFile(_ folder: SourceFolder) -> Bool {
        folder.folders.contains("meta") && FileSystem.exists("\(folder.path)/\(DrizzleJournal.path)")
    }

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        let journal = try DrizzleJournal.read(folder)
        var reading = LayoutReading()
        var fileOfWhen: [Int64: String] = [:]
        for (position, entry) in journal.entries.enumerated() {
            let file = "\(entry.tag).sql"
            if let other = fileOfWhen[entry.when] {
                throw ImportError(
                    .duplicateVersion(String(entry.when), otherFile: folder.shownPath(other)),
                    at: folder.location(file))
            }
            fileOfWhen[entry.when] = file
            let (written, name) = LayoutFiles.versionAndName(Substring(entry.tag)) ?? (String(position), entry.tag)
            guard let order = VersionKey([Substring(String(position))]) else { continue }
            let bytes = try folder.read(file)
            // drizzle runs the text with CRLF as LF (what it hashes): so does the imported file.
            let text = lineFeedsOnly(bytes)
            if text.count != bytes.count {
                reading.notes.append(
                    ImportNote(
                        "drizzle runs this file with its CRLF line ends as LF; imported so", at: folder.location(file)))
            }
            var migration = SourceMigration(
                order: .numbers(order), trackedVersion: String(entry.when), writtenVersion: written, name: name,
                file: file,
                bytes: text, imported: 0..<text.count)
            migration.checksums = checksums(of: bytes)
            reading.migrations.append(migration)
        }
        for (previous, next) in zip(journal.entries, journal.entries.dropFirst()) where next.when < previous.when {
            reading.notes.append(
                ImportNote(
                    "its journal 'when' is earlier than \(previous.tag)'s: drizzle skips an entry whose 'when' is not "
                        + "later than the newest applied one, kiln follows the journal's order",
                    at: folder.location("\(next.tag).sql")))
        }
        try readOthers(folder, named: Set(fileOfWhen.values), into: &reading)
        return reading
    }

    /// Lists the entries the journal does not name: `meta/` is read, not imported; a `.sql` file the journal
    /// does not name is never run by drizzle, so it is not imported either.
    private static func readOthers(_ folder: SourceFolder, named: Set<String>, into reading: inout LayoutReading)
        throws
    {
        for name in folder.names where !named.contains(name) {
            if name == "meta", folder.folders.contains(name) {
                reading.notes.append(
                    ImportNote(
                        "drizzle-kit's journal and snapshots: the journal gives the order; not imported",
                        at: folder.location(name)))
            } else if name.hasSuffix(".sql"), !folder.folders.contains(name), !SourceFolder.isDialectVariant(name) {
                reading.notes.append(
                    ImportNote(
                        "not in \(DrizzleJournal.path): drizzle never runs it; not imported", at: folder.location(name))
                )
            } else {
                try LayoutFiles.other(name, in: folder, tool: .drizzle, into: &reading)
            }
        }
    }

    /// The hash drizzle-orm's `readMigrationFiles` records: SHA-256 (lowercase hex) of the file's text with
    /// every CRLF as LF; then the sum of the bytes as they are, which is what a drizzle that did not normalize
    /// line ends recorded for a CRLF file (the same sum for a file without CR).
    static func checksums(of bytes: [UInt8]) -> [String] {
        let sums = [SHA256Hasher.hash(lineFeedsOnly(bytes)).hex, SHA256Hasher.hash(bytes).hex]
        return sums[0] == sums[1] ? [sums[0]] : sums
    }

    /// The bytes with every CRLF as LF (a lone CR is kept), as drizzle-orm's `readMigrationFiles` reads a file.
    static func lineFeedsOnly(_ bytes: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated()
        where !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
            kept.append(byte)
        }
        return kept
    }
}
