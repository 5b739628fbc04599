import Kiln

extension TableSchema {
    /// Every table of the `main` database, by name as SQLite compares names (``SQLIdentifierKey``).
    ///
    /// - Returns: the tables, keyed by their names.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    package static func readAll(from connection: SQLiteConnection) throws -> [SQLIdentifierKey: TableSchema] {
        let list = try connection.rows(
            sql:
                "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        )
        let reader = try SchemaQueries(connection)
        var tables: [SQLIdentifierKey: TableSchema] = [:]
        for row in list {
            guard case .text(let name) = row[0] else { continue }
            let strict = row[1] == .integer(1)
            tables[name.identifierKey] = TableSchema(
                name: name, columns: try reader.columns(of: name, strict: strict),
                foreignKeys: try reader.foreignKeys(of: name), isStrict: strict, indexes: try reader.indexes(of: name))
        }
        return tables
    }

    /// The prepared queries that read one table's columns, foreign keys and indexes.
    private struct SchemaQueries {
        let columnQuery: SQLiteStatement
        let keyQuery: SQLiteStatement
        let indexQuery: SQLiteStatement

        init(_ connection: SQLiteConnection) throws {
            columnQuery = try connection.prepare(
                sql: "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid")
            keyQuery = try connection.prepare(
                sql: "SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq")
            indexQuery = try connection.prepare(
                sql:
                    "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name"
            )
        }

        func columns(of table: String, strict: Bool) throws -> [Column] {
            try columnQuery.reset()
            try columnQuery.bind([.text(table)])
            var columns: [Column] = []
            while try columnQuery.step() {
                let type = columnQuery.text(at: 1) ?? ""
                let hidden = columnQuery.value(at: 3).integerValue ?? 0
                columns.append(
                    Column(
                        name: columnQuery.text(at: 0) ?? "", declaredType: type,
                        affinity: ColumnAffinity(declaredType: type, strict: strict),
                        primaryKeyPosition: Int(columnQuery.value(at: 2).integerValue ?? 0),
                        isGenerated: hidden == 2 || hidden == 3, isHidden: hidden == 1))
            }
            return columns
        }

        /// The foreign keys in id order, each with its columns in sequence order.
        func foreignKeys(of table: String) throws -> [ForeignKey] {
            try keyQuery.reset()
            try keyQuery.bind([.text(table)])
            var keys: [ForeignKey] = []
            var lastID: Int64?
            while try keyQuery.step() {
                let id = keyQuery.value(at: 0).integerValue ?? 0
                if id != lastID {
                    keys.append(ForeignKey(parent: keyQuery.text(at: 2) ?? "", columns: [], parentColumns: []))
                    lastID = id
                }
                keys[keys.count - 1].columns.append(keyQuery.text(at: 3) ?? "")
                if let to = keyQuery.text(at: 4) { keys[keys.count - 1].parentColumns.append(to) }
            }
            return keys
        }

        func indexes(of table: String) throws -> [(name: String, sql: String)] {
            try indexQuery.reset()
            try indexQuery.bind([.text(table)])
            var indexes: [(name: String, sql: String)] = []
            while try indexQuery.step() { indexes.append((indexQuery.text(at: 0) ?? "", indexQuery.text(at: 1) ?? "")) }
            return indexes
        }
    }
}
