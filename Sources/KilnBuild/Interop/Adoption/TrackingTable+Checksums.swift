import Kiln

extension TrackingTable {
    /// The checksum `tool`'s `table` records for each version, as ``SourceChecksum`` writes it: sqlx's
    /// `checksum` blob (SHA-384) in lowercase hexadecimal, Flyway's `checksum` integer (CRC-32) in decimal,
    /// the newest row of a version winning; empty for the tools that record none.
    ///
    /// - Returns: the checksums by version.
    /// - Throws: ``SQLiteError`` when the table cannot be read.
    static func recordedChecksums(of tool: ForeignTool, _ table: String, _ connection: SQLiteConnection) throws
        -> [String: String]
    {
        let sql: String
        switch tool {
        case .sqlx:
            sql =
                "SELECT version, lower(hex(checksum)) FROM _sqlx_migrations WHERE checksum IS NOT NULL ORDER BY version"
        case .flyway:
            // A baseline row has no checksum; a repeatable one has no version.
            sql = """
                SELECT version, checksum FROM flyway_schema_history
                WHERE version IS NOT NULL AND checksum IS NOT NULL ORDER BY installed_rank
                """
        default: return [:]
        }
        var checksums: [String: String] = [:]
        for row in try connection.rows(sql: sql) { checksums[text(row[0])] = text(row[1]) }
        return checksums
    }
}
