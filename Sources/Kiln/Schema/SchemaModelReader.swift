/// Reads one table or index of a ``SchemaModel`` through SQLite's table-valued pragma functions, preparing
/// each query once per read.
final class SchemaModelReader {
    let connection: SQLiteConnection
    let schemaName: String
    /// Whether a virtual table whose columns cannot be read (its module is missing) fails the read.
    let requiresVirtualColumns: Bool
    private var statements: [String: SQLiteStatement] = [:]
    private var affinities: [String: SchemaModel.Affinity] = [:]

    init(connection: SQLiteConnection, schemaName: String, requiresVirtualColumns: Bool = false) {
        self.connection = connection
        self.schemaName = schemaName
        self.requiresVirtualColumns = requiresVirtualColumns
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
    func table(_ name: String, sql: String, position: Int) throws -> SchemaModel.Table {
        let text = TableDefinitionText(sql)
        // pragma_table_list is SQLite 3.37 and later; an older library's answer comes from the text.
        let flags = try? rows(
            sql: "SELECT wr, strict, type FROM pragma_table_list WHERE schema = ? AND name = ?",
            [.text(schemaName), .text(name)]
        ).first
        let isStrict = flags.map { $0[1] == .integer(1) } ?? text.isStrict
        // A virtual table whose module this connection lacks has no columns to report.
        let columns =
            text.isVirtual && !requiresVirtualColumns
            ? (try? self.columns(of: name, text: text, isStrict: isStrict)) ?? []
            : try self.columns(of: name, text: text, isStrict: isStrict)
        var table = SchemaModel.Table(
            name: name, columns: columns, checks: text.checks.sorted(),
            foreignKeys: try foreignKeys(of: name, text: text), uniqueConstraints: [],
            isWithoutRowID: flags.map { $0[0] == .integer(1) } ?? text.isWithoutRowID,
            isStrict: isStrict,
            isAutoincrement: text.isAutoincrement,
            virtualDefinition: text.isVirtual ? SchemaText.normalize(sql) : nil,
            isShadow: flags.map { $0[2] == .text("shadow") } ?? false,
            stored: SchemaModel.StoredDefinition(sql: sql, position: position))
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

    private func columns(of table: String, text: TableDefinitionText, isStrict: Bool) throws -> [SchemaModel.Column] {
        let rows = try rows(
            sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid",
            [.text(table), .text(schemaName)])
        return try rows.map { row in
            let name = row[0].textValue ?? ""
            let type = row[1].textValue ?? ""
            return SchemaModel.Column(
                name: name, declaredType: SchemaText.typeText(type), isNotNull: row[2] == .integer(1),
                defaultExpression: row[3].textValue.map(SchemaText.normalize),
                primaryKeyPosition: Int(row[4].integerValue ?? 0), collation: text.collations[name.identifierKey],
                generatedExpression: text.generatedExpressions[name.identifierKey],
                hidden: Int(row[5].integerValue ?? 0), affinity: try affinity(of: type, isStrict: isStrict),
                stored: SchemaModel.StoredColumn(declaredType: type, defaultValue: row[3].textValue))
        }
    }

    /// The affinity of a column declared `type`, asked of SQLite once per type: `CAST` converts by the affinity
    /// of the type it names, so the storage classes of `CAST('1.5' AS type)` and `CAST('1' AS type)` tell the
    /// five apart. SQLite decides by the words the type contains (ASCII case ignored), so the type is asked
    /// about as one identifier, every byte but a letter, digit or `_` made `_`: no text of the schema's own is
    /// put into SQL, and no word is made or broken.
    func affinity(of type: String, isStrict: Bool) throws -> SchemaModel.Affinity {
        if type.isEmpty { return .none }
        if isStrict && type.identifierKey == "ANY".identifierKey { return .any }
        if let known = affinities[type] { return known }
        let word =
            "x_"
            + String(
                type.unicodeScalars.map { scalar in
                    scalar.isASCII && (scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                        ? Character(scalar) : "_"
                })
        let row = try connection.rows(sql: "SELECT typeof(CAST('1.5' AS \(word))), typeof(CAST('1' AS \(word)))")
        let affinity: SchemaModel.Affinity =
            switch (row.first?[0].textValue, row.first?[1].textValue) {
            case ("text", _): .text
            case ("blob", _): .blob
            case ("integer", _): .integer
            case ("real", "real"): .real
            default: .numeric
            }
        affinities[type] = affinity
        return affinity
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
                    isDeferred: false, stored: SchemaModel.StoredForeignKey(id: Int(id)))
            key.columns.append(row[2].textValue ?? "")
            if let parent = row[3].textValue { key.parentColumns.append(parent) }
            keys[id] = key
        }
        return keys.values.map { key in
            var key = key
            key.isDeferred = text.deferredForeignKeys.contains(TableDefinitionText.key(key.columns))
            key.stored.parentColumns = key.parentColumns
            return key
        }.sorted { Self.sortKey($0) < Self.sortKey($1) }
    }

    /// The order of a table's foreign keys: by child columns, then parent table and columns.
    static func sortKey(_ key: SchemaModel.ForeignKey) -> String {
        TableDefinitionText.key(key.columns) + " " + TableDefinitionText.key([key.parentTable] + key.parentColumns)
    }

    /// The index `name` on `table`; `sql` is its stored definition (nil for a constraint's index), `position`
    /// its row's among `sqlite_schema`'s.
    func index(_ name: String, table: String, sql: String?, position: Int = 0) throws -> SchemaModel.Index {
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
            terms: terms, condition: text?.condition,
            stored: SchemaModel.StoredDefinition(sql: sql ?? "", position: position))
    }
}
