import Kiln

/// Removes rows whose foreign keys point nowhere, as `PRAGMA foreign_key_check` finds them: the upgrade chain's
/// safety net when kiln's own generated rows break the schema (reported as kiln's fault), so that the rows that
/// do obey it stay and no later migration is blamed for them.
enum OrphanRows {
    /// Deletes every row of `tables` that `PRAGMA foreign_key_check` reports, a few rounds at most.
    ///
    /// - Parameters:
    ///   - connection: the database.
    ///   - tables: the tables that got new rows; rows of other tables point where they pointed before, and
    ///     only new rows point at the new rows a round deletes.
    /// - Throws: ``SQLiteError``.
    /// - Returns: the first violation found (child table, parent table), or nil when there was none; whether
    ///   the tables are clean afterwards.
    static func remove(from connection: SQLiteConnection, tables: [String]) throws -> (
        first: (table: String, parent: String)?, clean: Bool
    ) {
        var first: (table: String, parent: String)?
        for _ in 0..<4 {
            let violations = try self.violations(in: tables, connection)
            guard let violation = violations.first else { return (first, true) }
            if first == nil { first = ("\(violation[0])", "\(violation[2])") }
            for row in violations {
                try delete(row, from: connection)
            }
        }
        return (first, try violations(in: tables, connection).isEmpty)
    }

    /// What `PRAGMA foreign_key_check` reports for each of `tables`, in order.
    private static func violations(in tables: [String], _ connection: SQLiteConnection) throws -> [[SQLiteValue]] {
        try tables.flatMap { table in
            try connection.rows(sql: "PRAGMA main.foreign_key_check(\(SQLText.literal(table)))")
        }
    }

    /// Deletes one reported row: by rowid, or for a `WITHOUT ROWID` table (no rowid reported) every row whose
    /// key `fkid` has no parent row.
    private static func delete(_ violation: [SQLiteValue], from connection: SQLiteConnection) throws {
        let table = "main.\(quoted("\(violation[0])"))"
        if violation[1] != .null {
            try connection.execute(sql: "DELETE FROM \(table) WHERE rowid = \(violation[1])")
            return
        }
        let child = try SchemaModel.Table.read(named: "\(violation[0])", from: connection)
        let key = child?.foreignKeys.first { .integer(Int64($0.stored.id)) == violation[3] }
        let columns = key?.columns ?? []
        let parent = "main.\(quoted("\(violation[2])"))"
        let parentKey = try parentColumns(of: key, parent: "\(violation[2])", connection: connection)
        let matches = zip(columns, parentKey).map { child, key in "p.\(quoted(key)) = c.\(quoted(child))" }
        let present = columns.map { "c.\(quoted($0)) IS NOT NULL" }
        let exists = try connection.rows(
            sql: "SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = ?", [violation[2]])
        let orphan =
            exists.isEmpty
            ? "1" : "NOT EXISTS (SELECT 1 FROM \(parent) AS p WHERE \(matches.joined(separator: " AND ")))"
        try connection.execute(
            sql: "DELETE FROM \(table) AS c WHERE \(present.joined(separator: " AND ")) AND \(orphan)")
    }

    /// The parent's columns a key refers to: those it names, or else the parent's primary key.
    private static func parentColumns(
        of key: SchemaModel.ForeignKey?, parent: String, connection: SQLiteConnection
    ) throws -> [String] {
        guard let key else { return [] }
        if key.stored.parentColumns.count == key.columns.count { return key.stored.parentColumns }
        return try SchemaModel.Table.read(named: parent, from: connection)?.primaryKey.map(\.name) ?? []
    }
}
