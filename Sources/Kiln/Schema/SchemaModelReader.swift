/// Reads one table or index of a ``SchemaModel`` through SQLite's table-valued pragma functions, preparing
/// each query once per read.
final class SchemaModelReader {
    let connection: SQLiteConnection
    let schemaName: String
    private var statements: [String: SQLiteStatement] = [:]

    init(connection: SQLiteConnection, schemaName: String) {
        self.connection = connection
        self.schemaName = schemaName
    }

    /// The rows of `sql` with `arguments`, from a statement prepared on first use.
    private func rows(sql: String, _ arguments: [SQLiteValue]) throws -> [[SQLiteValue]] {
        let statement: SQLiteStatement
        if let prepared = statements[sql] {
            statement = prepared
            try statement.reset()
        } else {
            statement = try connection.prepare(sql: sql)
            statements[sql] = statement
        }
        try statement.bind(arguments)
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append((0..<statement.columnCount).map(statement.value(at:))) }
        return rows
    }

    /// The table `name`, whose stored definition is `sql`.
    func table(_ name: String, sql: String) throws -> SchemaModel.Table {
        let text = TableDefinitionText(sql)
        // pragma_table_list is SQLite 3.37 and later; an older library's answer comes from the text.
        let flags = try? rows(
            sql: "SELECT wr, strict, type FROM pragma_table_list WHERE schema = ? AND name = ?",
            [.text(schemaName), .text(name)]
        ).first
        // A virtual table whose module this connection lacks has no columns to report.
        let columns =
            text.isVirtual ? (try? self.columns(of: name, text: text)) ?? [] : try self.columns(of: name, text: text)
        var table = SchemaModel.Table(
            name: name, columns: columns, checks: text.checks.sorted(),
            foreignKeys: try foreignKeys(of: name, text: text), uniqueConstraints: [],
            isWithoutRowID: flags.map { $0[0] == .integer(1) } ?? text.isWithoutRowID,
            isStrict: flags.map { $0[1] == .integer(1) } ?? text.isStrict,
            isAutoincrement: text.isAutoincrement,
            virtualDefinition: text.isVirtual ? SchemaText.normalize(sql) : nil,
            isShadow: flags.map { $0[2] == .text("shadow") } ?? false)
        let constraints = try rows(
            sql: "SELECT name FROM pragma_index_list(?, ?) WHERE origin != 'c' ORDER BY name",
            [.text(name), .text(schemaName)])
        for row in constraints {
            guard case .text(let index) = row[0] else { continue }
            table.uniqueConstraints.append(try self.index(index, table: name, sql: nil))
        }
        table.uniqueConstraints.sort { "\($0.origin) \($0.terms)" < "\($1.origin) \($1.terms)" }
        return table
    }

    private func columns(of table: String, text: TableDefinitionText) throws -> [SchemaModel.Column] {
        let rows = try rows(
            sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid",
            [.text(table), .text(schemaName)])
        return rows.map { row in
            let name = row[0].textValue ?? ""
            return SchemaModel.Column(
                name: name, declaredType: SchemaText.typeText(row[1].textValue ?? ""), isNotNull: row[2] == .integer(1),
                defaultExpression: row[3].textValue.map(SchemaText.normalize),
                primaryKeyPosition: Int(row[4].integerValue ?? 0), collation: text.collations[name.identifierKey],
                generatedExpression: text.generatedExpressions[name.identifierKey],
                hidden: Int(row[5].integerValue ?? 0))
        }
    }

    private func foreignKeys(of table: String, text: TableDefinitionText) throws -> [SchemaModel.ForeignKey] {
        let rows = try rows(
            sql: """
                SELECT id, "table", "from", "to", on_update, on_delete, "match"
                FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq
                """, [.text(table), .text(schemaName)])
        var keys: [Int64: SchemaModel.ForeignKey] = [:]
        for row in rows {
            let id = row[0].integerValue ?? 0
            var key =
                keys[id]
                ?? SchemaModel.ForeignKey(
                    columns: [], parentTable: row[1].textValue ?? "", parentColumns: [],
                    onUpdate: row[4].textValue ?? "", onDelete: row[5].textValue ?? "", match: row[6].textValue ?? "",
                    isDeferred: false)
            key.columns.append(row[2].textValue ?? "")
            if let parent = row[3].textValue { key.parentColumns.append(parent) }
            keys[id] = key
        }
        return keys.values.map { key in
            var key = key
            key.isDeferred = text.deferredForeignKeys.contains(TableDefinitionText.key(key.columns))
            return key
        }.sorted { Self.sortKey($0) < Self.sortKey($1) }
    }

    /// The order of a table's foreign keys: by child columns, then parent table and columns.
    static func sortKey(_ key: SchemaModel.ForeignKey) -> String {
        TableDefinitionText.key(key.columns) + " " + TableDefinitionText.key([key.parentTable] + key.parentColumns)
    }

    /// The index `name` on `table`; `sql` is its stored definition (nil for a constraint's index).
    func index(_ name: String, table: String, sql: String?) throws -> SchemaModel.Index {
        let list = try rows(
            sql: "SELECT \"unique\", origin FROM pragma_index_list(?, ?) WHERE name = ?",
            [.text(table), .text(schemaName), .text(name)]
        ).first
        let text = sql.map(IndexDefinitionText.init)
        let rows = try rows(
            sql: "SELECT seqno, cid, name, \"desc\", coll FROM pragma_index_xinfo(?, ?) WHERE key = 1 ORDER BY seqno",
            [.text(name), .text(schemaName)])
        let terms = rows.map { row in
            let position = Int(row[0].integerValue ?? 0)
            let isExpression = row[1].integerValue == -2
            let expression =
                isExpression
                ? (text.flatMap { position < $0.terms.count ? $0.terms[position] : nil } ?? "")
                : row[1].integerValue == -1 ? "rowid" : (row[2].textValue ?? "")
            return SchemaModel.IndexTerm(
                expression: expression, isExpression: isExpression,
                collation: SchemaText.folded(row[4].textValue ?? "BINARY", upper: true),
                isDescending: row[3] == .integer(1))
        }
        return SchemaModel.Index(
            name: name, table: table, isUnique: list?[0] == .integer(1), origin: list?[1].textValue ?? "c",
            terms: terms, condition: text?.condition)
    }
}
