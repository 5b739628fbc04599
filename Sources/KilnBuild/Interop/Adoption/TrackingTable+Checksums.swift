import Kiln

extension TrackingTable {
    /// The checksum `tool`'s table records for each applied version, the one reader of them all, in the text
    /// the imported file's checksum is written in (``SourceChecksum``, `imported.json`'s `sourceChecksums`):
    ///
    /// - sqlx: the `checksum` blob (SHA-384) in lowercase hexadecimal, as SQLite's `lower(hex(x))` writes it;
    /// - Flyway: the `checksum` integer (CRC-32) in decimal; a baseline row has none, a repeatable script no
    ///   version, so neither is read;
    /// - drizzle: `hash` (SHA-256 in hexadecimal) by `created_at`;
    /// - Prisma: `checksum` (SHA-256 in hexadecimal) of each finished, not rolled-back row by `migration_name`.
    ///
    /// A row without a checksum is not read; of several rows of one version, the newest wins. Empty for the
    /// tools that record none.
    ///
    /// - Returns: the checksums by version.
    /// - Throws: ``SQLiteError`` when the table cannot be read.
    static func recordedChecksums(of tool: ForeignTool, _ connection: SQLiteConnection) throws -> [String: String] {
        let sql: String
        switch tool {
        case .sqlx:
            sql =
                "SELECT version, lower(hex(checksum)) FROM _sqlx_migrations WHERE checksum IS NOT NULL ORDER BY version"
        case .flyway:
            sql = """
                SELECT version, checksum FROM flyway_schema_history
                WHERE version IS NOT NULL AND checksum IS NOT NULL ORDER BY installed_rank
                """
        case .drizzle:
            sql = "SELECT created_at, hash FROM __drizzle_migrations WHERE hash IS NOT NULL ORDER BY created_at"
        case .prisma: sql = "\(appliedPrismaRows) AND checksum IS NOT NULL ORDER BY started_at"
        default: return [:]
        }
        var checksums: [String: String] = [:]
        for row in try connection.rows(sql: sql) { checksums[text(row[0])] = text(row[1]) }
        return checksums
    }

    /// Prisma's finished, not rolled-back rows: name and checksum.
    static let appliedPrismaRows = """
        SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
        """

    /// Whether `recorded` is one of the checksums `tool` accepts for a file whose checksums are `imported`
    /// (its own first, then the variants it also accepts). Prisma also accepts a sum written without zero
    /// padding (each byte as `{:x}`), which older engines stored; it compares that form whenever the stored
    /// one is not 64 characters long.
    static func matches(_ recorded: String, _ imported: [String], tool: ForeignTool) -> Bool {
        guard tool == .prisma, !recorded.isEmpty, recorded.count != 64 else { return imported.contains(recorded) }
        return imported.contains { sum in
            // Pairs of hexadecimal digits: a sum of an odd length (a hand-edited imported.json) has no such form.
            let digits = Array(sum.utf8)
            guard digits.count % 2 == 0 else { return false }
            let pairs = stride(from: 0, to: digits.count, by: 2).map { digits[$0..<$0 + 2] }
            let unpadded = pairs.map { $0.first == UInt8(ascii: "0") ? $0.dropFirst() : $0 }.joined()
            return String(decoding: Array(unpadded), as: UTF8.self) == recorded
        }
    }
}
