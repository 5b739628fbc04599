import Kiln

/// Which views each view reads, as SQLite answers it rather than as its text suggests (a column alias may be
/// spelled like a view): with one view dropped, inside a transaction that is then rolled back, the views that
/// no longer prepare are the ones that read it, directly or through other views.
enum ViewDependencies {
    /// For each view of `connection`'s main schema that prepares, the views it reads (folded names); a view
    /// that does not prepare even with every view in place is left out.
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read or the transaction cannot be rolled back.
    static func read(from connection: SQLiteConnection) throws -> [SQLIdentifierKey: Set<SQLIdentifierKey>] {
        let views = try connection.rows(sql: "SELECT name FROM main.sqlite_schema WHERE type = 'view' ORDER BY name")
            .compactMap { row -> String? in
                guard case .text(let name) = row.first else { return nil }
                return name
            }
        let prepares = { (view: String) in
            (try? connection.prepare(sql: "SELECT * FROM main.\(quoted(view)) LIMIT 0")) != nil
        }
        let readable = views.filter(prepares)
        var reads = Dictionary(uniqueKeysWithValues: readable.map { ($0.identifierKey, Set<SQLIdentifierKey>()) })
        guard readable.count > 1 else { return reads }
        for dropped in views {
            try connection.execute(sql: "BEGIN")
            defer { connection.rollbackIfActive() }
            try connection.execute(sql: "DROP VIEW main.\(quoted(dropped))")
            for view in readable where view.identifierKey != dropped.identifierKey && !prepares(view) {
                reads[view.identifierKey, default: []].insert(dropped.identifierKey)
            }
        }
        return reads
    }
}
