extension SchemaModel {
    /// Which tables of `main` have a foreign key to which, without reading the rest of the schema: for a caller
    /// that asks at many versions (the rename lint), where a whole ``read(from:schemaName:)`` would cost a query
    /// per table, column type and index. Read by the model's reader, from SQLite's own foreign key lists.
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    /// - Returns: each parent table (as the foreign key names it, by SQLite's name key) and the tables whose
    ///   keys point at it, ordered by their names' bytes.
    package static func referencingTables(in connection: SQLiteConnection) throws -> [SQLIdentifierKey: [String]] {
        let query = try connection.prepare(
            sql: """
                SELECT DISTINCT m.name, f."table" FROM main.sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f
                WHERE m.type = 'table' ORDER BY m.name
                """)
        var result: [SQLIdentifierKey: [String]] = [:]
        while try query.step() {
            guard let child = query.text(at: 0), let parent = query.text(at: 1) else { continue }
            result[parent.identifierKey, default: []].append(child)
        }
        return result
    }
}
