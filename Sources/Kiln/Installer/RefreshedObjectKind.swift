/// What a name given for a reference-table refresh names, when it is not a table whose rows can be replaced.
public enum RefreshedObjectKind: Equatable, Sendable {
    /// One of SQLite's own tables (`sqlite_schema`, `sqlite_master`, `sqlite_sequence`, `sqlite_stat1`…).
    case internalTable
    /// A view.
    case view
    /// A virtual table.
    case virtualTable

    /// `SQLite's own table`, `a view`, `a virtual table`.
    package var phrase: String {
        switch self {
        case .internalTable: "SQLite's own table"
        case .view: "a view"
        case .virtualTable: "a virtual table"
        }
    }

    /// What `name` is in the database of `connection`, when it is not an ordinary table (nil also when it is
    /// not there at all, which the caller reports as missing).
    static func of(_ name: String, in connection: SQLiteConnection) throws -> RefreshedObjectKind? {
        if name.lowercased().hasPrefix("sqlite_") { return .internalTable }
        let rows = try connection.rows(
            sql: "SELECT type, sql FROM main.sqlite_schema WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')",
            [.text(name)])
        guard let row = rows.first else { return nil }
        if case .text("view") = row[0] { return .view }
        if case .text(let sql) = row[1], sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") { return .virtualTable }
        return nil
    }
}
