extension SchemaModel {
    /// Reads the schema of `schemaName` (`main`, or an attached database's name). SQLite's internal objects
    /// (`sqlite_*`) are left out.
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    /// - Returns: the model, every list in its stable order.
    package static func read(from connection: SQLiteConnection, schemaName: String = "main") throws -> SchemaModel {
        try read(from: connection, schemaName: schemaName, requiresVirtualColumns: false)
    }

    /// Reads the schema of `schemaName`; with `requiresVirtualColumns`, a virtual table whose columns cannot be
    /// read (its module is missing) fails the read rather than having none.
    static func read(from connection: SQLiteConnection, schemaName: String, requiresVirtualColumns: Bool) throws
        -> SchemaModel
    {
        let rows = try connection.rows(
            sql: """
                SELECT type, name, tbl_name, sql FROM \(quoted(schemaName)).sqlite_schema
                WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql IS NOT NULL
                """)
        var model = SchemaModel()
        let reader = SchemaModelReader(
            connection: connection, schemaName: schemaName, requiresVirtualColumns: requiresVirtualColumns)
        for (position, row) in rows.enumerated() {
            guard case .text(let type) = row[0], case .text(let name) = row[1], case .text(let table) = row[2],
                case .text(let sql) = row[3]
            else { continue }
            let stored = StoredDefinition(sql: sql, position: position)
            switch type {
            case "table": model.tables.append(try reader.table(name, sql: sql, position: position))
            case "index": model.indexes.append(try reader.index(name, table: table, sql: sql, position: position))
            case "view":
                let columns = try? connection.rows(
                    sql: "SELECT name FROM pragma_table_xinfo(?, ?) ORDER BY cid", [.text(name), .text(schemaName)])
                model.views.append(
                    Definition(
                        name: name, table: table, sql: definitionText(sql),
                        columns: columns?.map { $0.first?.textValue ?? "" }, stored: stored))
            case "trigger":
                model.triggers.append(Definition(name: name, table: table, sql: definitionText(sql), stored: stored))
            default: continue
            }
        }
        model.resolveImplicitParentColumns()
        model.tables.sort { $0.name.identifierKey.description < $1.name.identifierKey.description }
        model.indexes.sort { $0.name.identifierKey.description < $1.name.identifierKey.description }
        model.views.sort { $0.name.identifierKey.description < $1.name.identifierKey.description }
        model.triggers.sort { $0.name.identifierKey.description < $1.name.identifierKey.description }
        return model
    }

    /// Fills the parent columns of each foreign key written `REFERENCES parent` without columns with the
    /// parent's primary key, the columns SQLite takes it to mean, so that it equals the same key written
    /// `REFERENCES parent(id)`. A key whose parent is missing or has no declared primary key keeps none.
    mutating func resolveImplicitParentColumns() {
        let primaryKeys = Dictionary(
            tables.map { table in
                (
                    table.name.identifierKey,
                    table.columns.filter { $0.primaryKeyPosition > 0 }.sorted {
                        $0.primaryKeyPosition < $1.primaryKeyPosition
                    }.map(\.name)
                )
            }, uniquingKeysWith: { first, _ in first })
        for tableIndex in tables.indices {
            for keyIndex in tables[tableIndex].foreignKeys.indices {
                let key = tables[tableIndex].foreignKeys[keyIndex]
                guard key.parentColumns.isEmpty, let parentKey = primaryKeys[key.parentTable.identifierKey],
                    parentKey.count == key.columns.count
                else { continue }
                tables[tableIndex].foreignKeys[keyIndex].parentColumns = parentKey
            }
            tables[tableIndex].foreignKeys.sort { SchemaModelReader.sortKey($0) < SchemaModelReader.sortKey($1) }
        }
    }

    /// A view's or trigger's `CREATE` statement in ``SchemaText`` form, without `IF NOT EXISTS`.
    static func definitionText(_ sql: String) -> String {
        var lexer = SQLLexer(sql)
        var tokens = lexer.tokens()
        if let index = tokens.indices.first(where: { lexer.isWord(tokens[$0], "IF") }), index + 2 < tokens.count,
            lexer.isWord(tokens[index + 1], "NOT"), lexer.isWord(tokens[index + 2], "EXISTS"), index <= 4
        {
            tokens.removeSubrange(index...(index + 2))
        }
        return SchemaText.normalize(tokens[...], in: lexer)
    }
}

extension SchemaModel.Table {
    /// Reads the one table `name` of `schemaName`, whose stored `CREATE TABLE` statement is `sql`, as
    /// ``SchemaModel/read(from:schemaName:)`` reads each table, for a caller that knows which table changed. A
    /// foreign key written without parent columns keeps none here (the whole read fills in the parent's key).
    ///
    /// - Throws: ``SQLiteError`` when the table cannot be read.
    /// - Returns: the table.
    package static func read(
        _ name: String, sql: String, from connection: SQLiteConnection, schemaName: String = "main"
    ) throws -> SchemaModel.Table {
        try SchemaModelReader(connection: connection, schemaName: schemaName).table(name, sql: sql, position: 0)
    }
}

extension SchemaModel.Table {
    /// Reads the table `name` of `schemaName` (compared as SQLite compares names), as
    /// ``read(_:sql:from:schemaName:)`` does.
    ///
    /// - Throws: ``SQLiteError`` when the table cannot be read.
    /// - Returns: the table, or nil when there is none by that name.
    package static func read(
        named name: String, from connection: SQLiteConnection, schemaName: String = "main"
    ) throws -> SchemaModel.Table? {
        guard
            let row = try connection.rows(
                sql: """
                    SELECT name, sql FROM \(quoted(schemaName)).sqlite_schema
                    WHERE type = 'table' AND name = ? COLLATE NOCASE AND sql IS NOT NULL
                    """, [.text(name)]
            ).first, case .text(let storedName) = row[0], case .text(let sql) = row[1]
        else { return nil }
        return try read(storedName, sql: sql, from: connection, schemaName: schemaName)
    }
}
