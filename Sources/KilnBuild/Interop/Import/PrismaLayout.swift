import Kiln

/// Prisma Migrate: `prisma/migrations/<timestamp>_<name>/migration.sql` beside `migration_lock.toml`
/// (`provider = "sqlite"`), applied in the order of the folders' names (``PrismaNameOrder``). Prisma records
/// each attempt in `_prisma_migrations` under the folder's name, with the SHA-256 of `migration.sql`.
enum PrismaLayout: MigrationLayout {
    /// The lock file naming the provider, which only Prisma writes.
    static let lockFile = "migration_lock.toml"
    /// The one file of each migration folder.
    static let script = "migration.sql"

    static func isCandidate(_ folder: SourceFolder) -> Bool {
        folder.files.contains(lockFile)
            || folder.folders.contains { FileSystem.exists("\(folder.path)/\($0)/\(script)") }
    }

    static func hasDecidingFile(_ folder: SourceFolder) -> Bool { folder.files.contains(lockFile) }

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        var reading = LayoutReading()
        let names = folder.names.filter { folder.folders.contains($0) }.sorted(by: PrismaNameOrder.precedes)
        if PrismaNameOrder.differsFromByteOrder(names), let first = names.first {
            reading.notes.append(
                ImportNote(
                    "prisma orders these folders by collation (localeCompare), which here differs from plain byte "
                        + "order; kiln follows prisma's", at: folder.location(first)))
        }
        for (position, name) in names.enumerated() {
            let entries = try folder.list(name)
            guard entries.contains(script) else {
                throw ImportError(.missingMigrationFile, at: folder.location(name))
            }
            let (written, title) = LayoutFiles.versionAndName(Substring(name)) ?? ("", name)
            guard let order = VersionKey([Substring(String(position))]) else { continue }
            var migration = try LayoutFiles.wholeFile(
                "\(name)/\(script)", in: folder, order: .numbers(order), tracked: name, written: written, name: title)
            migration.checksums = checksums(of: migration.bytes)
            reading.migrations.append(migration)
            for entry in entries where entry != script {
                try LayoutFiles.other("\(name)/\(entry)", in: folder, tool: .prisma, into: &reading)
            }
        }
        for file in folder.files {
            if file == lockFile {
                try readLock(folder, into: &reading)
            } else {
                try LayoutFiles.other(file, in: folder, tool: .prisma, into: &reading)
            }
        }
        return reading
    }

    /// Refuses a lock file naming another provider than SQLite; lists it otherwise.
    private static func readLock(_ folder: SourceFolder, into reading: inout LayoutReading) throws {
        let bytes = try folder.read(lockFile)
        // As Prisma reads it: the first line starting with `provider`, after `provider = `, quotes trimmed.
        if let line = SourceLines(bytes).lines.first(where: { $0.text.hasPrefix("provider") }) {
            var value = Substring(line.text)
            while value.hasPrefix("provider = ") { value = value.dropFirst("provider = ".count) }
            while value.hasPrefix("\"") { value = value.dropFirst() }
            while value.hasSuffix("\"") { value = value.dropLast() }
            let provider = String(value)
            guard provider == "sqlite" else {
                throw ImportError(.notSQLite(provider), at: folder.location(lockFile, bytes: bytes, offset: line.start))
            }
        }
        reading.notes.append(
            ImportNote("prisma's provider lock; not a migration, not imported", at: folder.location(lockFile)))
    }

    /// The sums Prisma accepts for a script, its own first: SHA-256 (lowercase hex) of the file's text, then
    /// of the text with CRLF as LF, then with every LF as CRLF (so a checkout with other line ends matches).
    static func checksums(of bytes: [UInt8]) -> [String] {
        var unix: [UInt8] = []
        var windows: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A { windows.append(0x0D) }
            windows.append(byte)
            if !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) { unix.append(byte) }
        }
        var sums: [String] = []
        for variant in [bytes, unix, windows] {
            let sum = SHA256Hasher.hash(variant).hex
            if !sums.contains(sum) { sums.append(sum) }
        }
        return sums
    }
}
