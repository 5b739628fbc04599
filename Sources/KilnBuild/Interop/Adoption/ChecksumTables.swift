import Kiln

/// The tracking tables of the tools that record a sum of each applied file, drizzle's and Prisma's, read as
/// each tool reads them: what was applied, and the sums, which adoption compares with the imported files'.
enum ChecksumTables {
    /// The sum a tool recorded for one applied version.
    struct Recorded: Equatable, Sendable {
        /// The version as the tool stores it (drizzle's `created_at`, Prisma's `migration_name`).
        let version: String
        /// The sum as stored.
        let checksum: String
    }

    /// What `tool`'s table says was applied.
    ///
    /// - drizzle runs every journal entry whose `when` is later than the newest `created_at`: everything up
    ///   to that one counts as applied.
    /// - Prisma ignores rolled-back rows and refuses a row neither finished nor rolled back (a failed
    ///   migration); every finished row is applied.
    ///
    /// - Returns: the applied versions.
    /// - Throws: ``TrackingTableError`` for a failed Prisma migration; ``SQLiteError`` when it cannot be read.
    static func applied(by tool: ForeignTool, _ connection: SQLiteConnection, _ file: String) throws
        -> AppliedMigrations
    {
        switch tool {
        case .drizzle:
            let newest = try connection.rows(
                sql: "SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1")
            return newest.first.map { .through(text($0[0]), andLater: []) } ?? .versions([])
        default:
            let failed = try connection.rows(
                sql: """
                    SELECT migration_name FROM _prisma_migrations
                    WHERE finished_at IS NULL AND rolled_back_at IS NULL ORDER BY started_at
                    """)
            if let row = failed.first {
                throw TrackingTableError(.failed(tool: .prisma, version: text(row[0])), file: file)
            }
            return .versions(
                try connection.rows(sql: "\(appliedPrismaRows) ORDER BY started_at").map { text($0[0]) })
        }
    }

    /// The sums recorded for the applied versions; empty for a tool that records none.
    ///
    /// - Returns: one per applied row.
    /// - Throws: ``SQLiteError`` when the table cannot be read.
    static func recorded(by tool: ForeignTool, _ connection: SQLiteConnection) throws -> [Recorded] {
        let sql: String
        switch tool {
        case .drizzle: sql = "SELECT created_at, hash FROM __drizzle_migrations ORDER BY created_at"
        case .prisma: sql = "\(appliedPrismaRows) ORDER BY started_at"
        default: return []
        }
        return try connection.rows(sql: sql).map { Recorded(version: text($0[0]), checksum: text($0[1])) }
    }

    /// Prisma's finished, not rolled-back rows: name and checksum.
    private static let appliedPrismaRows = """
        SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
        """

    /// Whether `recorded` is one of the sums `tool` accepts for a file whose sums are `sums` (its own first).
    /// Prisma also accepts a sum written without zero padding (each byte as `{:x}`), which older engines
    /// stored; it compares that form whenever the stored one is not 64 characters long.
    static func matches(_ recorded: String, _ sums: [String], tool: ForeignTool) -> Bool {
        guard tool == .prisma, !recorded.isEmpty, recorded.count != 64 else { return sums.contains(recorded) }
        return sums.contains { sum in
            let pairs = stride(from: 0, to: sum.count, by: 2).map { Array(sum.utf8)[$0..<$0 + 2] }
            let unpadded = pairs.map { $0.first == UInt8(ascii: "0") ? $0.dropFirst() : $0 }.joined()
            return String(decoding: Array(unpadded), as: UTF8.self) == recorded
        }
    }

    /// A column as text: an integral number in decimal (drizzle's `created_at` is `numeric`).
    private static func text(_ value: SQLiteValue) -> String {
        switch value {
        case .integer(let number): String(number)
        case .real(let number) where number == number.rounded() && abs(number) < 9e15: String(Int64(number))
        case .real(let number): String(number)
        case .text(let string): string
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        case .null: ""
        }
    }
}

extension KilnProject {
    /// Refuses a database whose tool recorded, for an applied version, another sum than the imported source
    /// file has, computed as the tool computes it.
    ///
    /// - Throws: ``AdoptionError`` naming the version, the file and both sums; or for a row of a version
    ///   `imported.json` does not know, or a mapping without the sums.
    func requireRecordedChecksums(
        _ recorded: [ChecksumTables.Recorded], database: String, tool: ForeignTool, file: String,
        accepting accepted: Set<String> = []
    ) throws {
        guard !recorded.isEmpty, let manifest = try importManifest(for: database) else { return }
        let entries = Dictionary(manifest.migrations.map { ($0.sourceVersion, $0) }) { first, _ in first }
        for row in recorded where !accepted.contains(row.version) {
            guard let entry = entries[row.version] else {
                throw AdoptionError(.unknownVersion(row.version), file: file)
            }
            guard let sums = entry.sourceChecksums, let own = sums.first else {
                throw AdoptionError(
                    .mappingUnreadable(
                        description: "version \(entry.version) has no sourceChecksums, which adopting a "
                            + "\(tool.rawValue) database compares"), file: "migrations/\(database)/imported.json")
            }
            guard !ChecksumTables.matches(row.checksum, sums, tool: tool) else { continue }
            let source = entry.sourceFiles.first.map { "\(manifest.source)/\($0)" } ?? manifest.source
            throw AdoptionError(
                .editedMigration(
                    EditedMigration(
                        tool: tool, version: row.version, sourceFile: source, recorded: row.checksum, imported: own)),
                file: file)
        }
    }
}
