import Kiln

/// Another migration tool's record of what it applied to a database, read as that tool reads it.
package struct TrackingTable: Sendable, Equatable {
    /// The tool.
    package let tool: ForeignTool
    /// Its table's name, e.g. `__diesel_schema_migrations`; a schema comparison leaves it out.
    package let tableName: String
    /// What the table says was applied.
    package let applied: AppliedMigrations
    /// The checksum the tool recorded for each applied version, for the tools that record one (see
    /// ``recordedChecksums(of:_:)``), in the text `imported.json` keeps the imported file's in.
    package let checksums: [String: String]

    /// A tracking table from its parts.
    package init(
        tool: ForeignTool, tableName: String, applied: AppliedMigrations, checksums: [String: String] = [:]
    ) {
        self.tool = tool
        self.tableName = tableName
        self.applied = applied
        self.checksums = checksums
    }

    /// The tracking table of the database of `connection`, when it has one.
    ///
    /// - Parameters:
    ///   - connection: the database.
    ///   - file: the file as shown to the user, for errors.
    /// - Returns: the table, or nil when the file has none.
    /// - Throws: ``TrackingTableError`` when several tools' tables are there, the table lacks a column the
    ///   tool's has (a table of the user's that only shares the name), records a row without a version, or a
    ///   dirty or failed migration; ``SQLiteError`` when it cannot be read.
    package static func read(from connection: SQLiteConnection, file: String) throws -> TrackingTable? {
        guard let (tool, table) = try identify(in: connection, file: file) else { return nil }
        let applied = try applied(by: tool, table, connection, file)
        let listed: [String] =
            switch applied {
            case .versions(let versions): versions
            case .through(let through, let later): [through] + later
            }
        guard !listed.contains("") else {
            throw TrackingTableError(.missingVersion(tool: tool, table: table), file: file)
        }
        return TrackingTable(
            tool: tool, tableName: table, applied: applied, checksums: try recordedChecksums(of: tool, connection))
    }

    /// The one other tool whose tracking table `connection`'s database holds, named as the tool names it and
    /// with the columns kiln reads.
    ///
    /// - Returns: the tool and its table, or nil when the file holds none.
    /// - Throws: ``TrackingTableError`` when several tools' tables are there, or the one there lacks a column the
    ///   tool's has (a table of the user's that only shares the name); ``SQLiteError`` when it cannot be read.
    package static func identify(in connection: SQLiteConnection, file: String) throws -> (
        tool: ForeignTool, table: String
    )? {
        let found = try candidates(in: connection)
        guard found.count <= 1 else { throw TrackingTableError(.several(tools: found.map(\.tool)), file: file) }
        guard let (tool, table) = found.first else { return nil }
        try requireColumns(of: tool, table, connection, file)
        return (tool, table)
    }

    /// The other tool whose tracking table `connection`'s database holds (named as the tool names it, with the
    /// columns kiln reads): how a command that meets a database kiln did not make names `--adopt` as the way
    /// in. Nil when there is none, or several.
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    package static func tool(in connection: SQLiteConnection) throws -> (tool: ForeignTool, table: String)? {
        let found = try candidates(in: connection)
        guard found.count == 1, let (tool, table) = found.first,
            (try? requireColumns(of: tool, table, connection, "")) != nil
        else { return nil }
        return (tool, table)
    }

    /// Refuses a table named like the tool's whose columns are not the tool's: a table of the user's own,
    /// which says nothing about what was applied.
    private static func requireColumns(
        of tool: ForeignTool, _ table: String, _ connection: SQLiteConnection, _ file: String
    ) throws {
        let present = Set(
            try connection.rows(sql: "SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]).compactMap {
                if case .text(let name) = $0.first { name.identifierKey } else { nil }
            })
        let missing = tool.trackingColumns.filter { !present.contains($0.identifierKey) }
        guard missing.isEmpty else {
            throw TrackingTableError(.notTheToolsTable(tool: tool, table: table, missing: missing), file: file)
        }
    }

    /// The known tables present, with the tool each belongs to (`schema_migrations`, which two tools share, is
    /// golang-migrate's with a `dirty` column, dbmate's without one).
    private static func candidates(in connection: SQLiteConnection) throws -> [(tool: ForeignTool, table: String)] {
        let names = Set(
            try connection.rows(sql: "SELECT name FROM main.sqlite_schema WHERE type = 'table'").compactMap {
                if case .text(let name) = $0.first { name.identifierKey } else { nil }
            })
        let shared = ForeignTool.dbmate.trackingTable
        var found: [(ForeignTool, String)] = ForeignTool.allCases.compactMap { tool in
            let table = tool.trackingTable
            return table != shared && names.contains(table.identifierKey) ? (tool, table) : nil
        }
        if names.contains(shared.identifierKey) {
            let dirty = try connection.integer(
                sql: "SELECT count(*) FROM pragma_table_info(?) WHERE name = 'dirty' COLLATE NOCASE", [.text(shared)])
            found.append((dirty > 0 ? .golangMigrate : .dbmate, shared))
        }
        return found
    }

    /// What `tool`'s `table` says was applied.
    private static func applied(
        by tool: ForeignTool, _ table: String, _ connection: SQLiteConnection, _ file: String
    ) throws -> AppliedMigrations {
        switch tool {
        case .diesel:
            return .versions(try texts("SELECT version FROM __diesel_schema_migrations ORDER BY version", connection))
        case .dbmate: return .versions(try texts("SELECT version FROM schema_migrations ORDER BY version", connection))
        case .grdb: return .versions(try texts("SELECT identifier FROM grdb_migrations ORDER BY rowid", connection))
        case .sqlx:
            if let failed = try texts(
                "SELECT version FROM _sqlx_migrations WHERE NOT success ORDER BY version", connection
            )
            .first {
                throw TrackingTableError(.failed(tool: tool, version: failed), file: file)
            }
            return .versions(try texts("SELECT version FROM _sqlx_migrations ORDER BY version", connection))
        case .golangMigrate: return try golangMigrate(connection, file)
        case .goose:
            // The log's newest row for each version decides whether it is applied now; version 0 is goose's own.
            return .versions(
                try texts(
                    """
                    SELECT version_id FROM goose_db_version AS g
                    WHERE version_id > 0 AND id = (SELECT max(id) FROM goose_db_version WHERE version_id = g.version_id)
                      AND is_applied ORDER BY version_id
                    """, connection))
        case .flyway: return try flyway(connection, file)
        case .drizzle:
            // drizzle runs every journal entry whose `when` is later than the newest `created_at`: everything up
            // to that one counts as applied.
            let newest = try texts(
                "SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1", connection)
            return newest.first.map { .through($0, andLater: []) } ?? .versions([])
        case .prisma: return try prisma(connection, file)
        }
    }

    /// Prisma's rows: a row neither finished nor rolled back (a failed migration) is refused, as Prisma refuses
    /// it; a rolled-back one is ignored; every finished one is applied.
    private static func prisma(_ connection: SQLiteConnection, _ file: String) throws -> AppliedMigrations {
        let failed = try texts(
            """
            SELECT migration_name FROM _prisma_migrations
            WHERE finished_at IS NULL AND rolled_back_at IS NULL ORDER BY started_at
            """, connection)
        if let version = failed.first { throw TrackingTableError(.failed(tool: .prisma, version: version), file: file) }
        return .versions(try texts("\(appliedPrismaRows) ORDER BY started_at", connection))
    }

    /// golang-migrate's one row: the newest version, and whether it failed half-way.
    private static func golangMigrate(_ connection: SQLiteConnection, _ file: String) throws -> AppliedMigrations {
        guard let row = try connection.rows(sql: "SELECT version, dirty FROM schema_migrations LIMIT 1").first else {
            return .versions([])
        }
        let version = text(row[0])
        if case .integer(let dirty) = row[1], dirty != 0 {
            throw TrackingTableError(.dirty(tool: .golangMigrate, version: version), file: file)
        }
        return .through(version, andLater: [])
    }

    /// Flyway's history: a failed script is refused; a baseline stands for every version up to it.
    private static func flyway(_ connection: SQLiteConnection, _ file: String) throws -> AppliedMigrations {
        let rows = try connection.rows(
            sql: """
                SELECT version, type, success FROM flyway_schema_history
                WHERE version IS NOT NULL ORDER BY installed_rank
                """)
        var baseline: String?
        var versions: [String] = []
        for row in rows {
            let version = text(row[0])
            if case .integer(0) = row[2] {
                throw TrackingTableError(.failed(tool: .flyway, version: version), file: file)
            }
            if case .text(let type) = row[1], type.uppercased() == "BASELINE" {
                baseline = version
                versions = []
            } else {
                versions.append(version)
            }
        }
        return baseline.map { .through($0, andLater: versions) } ?? .versions(versions)
    }

    /// The first column of each row of `sql`, as text.
    private static func texts(_ sql: String, _ connection: SQLiteConnection) throws -> [String] {
        try connection.rows(sql: sql).map { text($0[0]) }
    }

    /// A version or a checksum as text: an integer column (sqlx, goose, golang-migrate, Flyway's checksum) in
    /// decimal, and so an integral real (drizzle's `created_at` is `numeric`).
    static func text(_ value: SQLiteValue) -> String {
        switch value {
        case .integer(let number): String(number)
        case .text(let string): string
        case .real(let number) where number == number.rounded() && abs(number) < 9e15: String(Int64(number))
        case .real(let number): String(number)
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        // A missing version: refused by the caller, as it names no migration.
        case .null: ""
        }
    }
}
