import Kiln

/// Finds where two built files of one database differ, by asking SQLite: the second file is attached to a
/// read-only connection of the first, each table's rows are compared with `EXCEPT`, and the first differing row
/// (in key order) is read from both.
enum BuildComparison {
    /// The first difference between the files at `first` and `second`, or nil when their schemas and rows are
    /// equal (they may still differ in page layout).
    ///
    /// - Throws: ``SQLiteError`` when a file cannot be opened or read.
    /// - Returns: the difference, or nil.
    static func firstDifference(between first: String, and second: String) throws -> BuildDifference? {
        let connection = try SQLiteConnection(path: BundledFile.uri(first), mode: .readOnly)
        _ = try connection.rows(sql: "ATTACH DATABASE ? AS other", [.text(BundledFile.uri(second))])
        let entries = "SELECT type, name, tbl_name, sql FROM"
        // `rows`, not `scalar`: an empty result must stay distinguishable from a NULL name.
        if let name = try connection.rows(
            sql: """
                SELECT name FROM (\(entries) main.sqlite_master EXCEPT \(entries) other.sqlite_master)
                UNION SELECT name FROM (\(entries) other.sqlite_master EXCEPT \(entries) main.sqlite_master)
                ORDER BY name LIMIT 1
                """
        ).first?.first {
            return BuildDifference(table: "\(name)", key: "", kind: .schema)
        }
        let tables = try connection.rows(
            sql: """
                SELECT name FROM main.sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
                ORDER BY name
                """)
        for case .text(let table)? in tables.map(\.first) {
            if let difference = try firstDifference(in: table, connection) { return difference }
        }
        return nil
    }

    /// The first differing row of `table`, by key.
    private static func firstDifference(in table: String, _ connection: SQLiteConnection) throws -> BuildDifference? {
        let primaryKey = try connection.rows(
            sql: "SELECT name FROM pragma_table_info(?, 'main') WHERE pk > 0 ORDER BY pk", [.text(table)]
        ).map { "\($0[0])" }
        let keys = primaryKey.isEmpty ? ["rowid"] : primaryKey
        let selection = (primaryKey.isEmpty ? "rowid AS rowid, *" : "*")
        let keyList = keys.map(quoted).joined(separator: ", ")
        let (main, other) = ("main.\(quoted(table))", "other.\(quoted(table))")
        let differing = try connection.rows(
            sql: """
                SELECT \(keyList) FROM (SELECT \(keyList) FROM (SELECT \(selection) FROM \(main) EXCEPT SELECT \(selection) FROM \(other))
                  UNION SELECT \(keyList) FROM (SELECT \(selection) FROM \(other) EXCEPT SELECT \(selection) FROM \(main)))
                ORDER BY \(keyList) LIMIT 1
                """)
        guard let key = differing.first else { return nil }
        let keyText = zip(keys, key).map { "\($0) = \(BuildDifference.literal($1))" }.joined(separator: ", ")
        let match = keys.map { "\(quoted($0)) IS ?" }.joined(separator: " AND ")
        let firstRow = try row(connection, "SELECT * FROM \(main) WHERE \(match)", key)
        let secondRow = try row(connection, "SELECT * FROM \(other) WHERE \(match)", key)
        guard let firstRow else { return BuildDifference(table: table, key: keyText, kind: .onlyInSecond) }
        guard let secondRow else { return BuildDifference(table: table, key: keyText, kind: .onlyInFirst) }
        for (column, (left, right)) in zip(firstRow.columns, zip(firstRow.values, secondRow.values))
        where !same(left, right) {
            return BuildDifference(table: table, key: keyText, kind: .value(column: column, first: left, second: right))
        }
        return nil
    }

    /// The one row a query returns, with its column names, or nil.
    private static func row(_ connection: SQLiteConnection, _ sql: String, _ arguments: [SQLiteValue]) throws -> (
        columns: [String], values: [SQLiteValue]
    )? {
        let statement = try connection.prepare(sql: sql)
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        let indices = 0..<statement.columnCount
        return (indices.map { statement.columnName(at: $0) }, indices.map { statement.value(at: $0) })
    }

    /// Whether two stored values are the same, storage class included (`1` and `1.0` are not).
    private static func same(_ left: SQLiteValue, _ right: SQLiteValue) -> Bool {
        if case .real(let a) = left, case .real(let b) = right { return a.bitPattern == b.bitPattern }
        return left == right
    }
}
