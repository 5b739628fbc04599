import Kiln

// The SQL of a generated schema, in an order SQLite accepts: tables (foreign keys are not checked when a
// table is created, so cycles need no order), indexes, views in id order (a view only reads older ones), then
// triggers.

extension PropertySchema {
    /// Every CREATE statement, without semicolons.
    var statements: [String] {
        tables.map(createTable) + indexes.map(createIndex)
            + views.sorted { $0.id < $1.id }.map { "CREATE VIEW \(quoted($0.name)) AS \(render($0.body))" }
            + triggers.map { "CREATE TRIGGER \(quoted($0.name)) \(render($0.body))" }
    }

    /// The whole schema as one script.
    var script: String { statements.map { $0 + ";\n" }.joined() }

    /// A table's CREATE TABLE statement, one column or constraint per line.
    func createTable(_ table: PropertyTable) -> String {
        var lines = table.columns.map { columnDefinition($0, of: table) }
        if table.primaryKey.count > 1 || (table.primaryKey.count == 1 && !inlinePrimaryKey(table)) {
            lines.append("PRIMARY KEY (\(names(table.primaryKey)))")
        }
        lines += table.uniques.map { "UNIQUE (\(names($0)))" }
        lines += table.checks.map { "CHECK (\(render($0)))" }
        for key in table.foreignKeys where !key.isInline {
            lines.append("FOREIGN KEY (\(names(key.columns))) " + references(key))
        }
        var options: [String] = []
        if table.isWithoutRowID { options.append("WITHOUT ROWID") }
        if table.isStrict { options.append("STRICT") }
        return "CREATE TABLE \(quoted(table.name)) (\n    " + lines.joined(separator: ",\n    ") + "\n)"
            + (options.isEmpty ? "" : " " + options.joined(separator: ", "))
    }

    /// Whether the table's one primary-key column is written inline (`"id" INTEGER PRIMARY KEY`), which is
    /// what AUTOINCREMENT needs.
    func inlinePrimaryKey(_ table: PropertyTable) -> Bool {
        table.primaryKey.count == 1 && (table.isAutoincrement || table.id % 2 == 0)
    }

    /// One column's definition.
    func columnDefinition(_ column: PropertyColumn, of table: PropertyTable) -> String {
        var text = quoted(column.name) + (column.type.isEmpty ? "" : " " + column.type)
        if inlinePrimaryKey(table), table.primaryKey == [column.id] {
            text += " PRIMARY KEY" + (table.isAutoincrement ? " AUTOINCREMENT" : "")
        }
        if column.isNotNull { text += " NOT NULL" }
        if let value = column.defaultSQL { text += " DEFAULT \(value)" }
        if column.isUnique { text += " UNIQUE" }
        if let collation = column.collation { text += " COLLATE \(collation)" }
        if let check = column.check { text += " CHECK (\(render(check)))" }
        if let generated = column.generated { text += " GENERATED ALWAYS AS (\(render(generated))) VIRTUAL" }
        if let key = table.foreignKeys.first(where: { $0.isInline && $0.columns == [column.id] }) {
            text += " " + references(key)
        }
        return text
    }

    /// `REFERENCES "parent" ("columns")` and the key's action.
    func references(_ key: PropertyForeignKey) -> String {
        let parent = table(key.parent)?.name ?? "missing_table_\(key.parent)"
        return "REFERENCES \(quoted(parent)) (\(names(key.parentColumns)))"
            + (key.onDelete == "NO ACTION" ? "" : " ON DELETE \(key.onDelete)")
    }

    /// A CREATE INDEX statement.
    func createIndex(_ index: PropertyIndex) -> String {
        let table = self.table(index.table)?.name ?? "missing_table_\(index.table)"
        return "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX \(quoted(index.name)) ON \(quoted(table)) ("
            + index.terms.map(render).joined(separator: ", ") + ")"
            + (index.condition.map { " WHERE \(render($0))" } ?? "")
    }

    /// Writes `mistype` over the first row of its table in `data` (A's names); false when the table has no row
    /// or A's constraints refuse the value.
    func write(_ mistype: PropertyMistype, into data: SQLiteConnection) -> Bool {
        guard let table = table(mistype.table), let column = table.column(mistype.column) else { return false }
        let key = table.hasRowID ? "rowid" : "(\(names(table.primaryKey)))"
        let sql =
            "UPDATE \(quoted(table.name)) SET \(quoted(column.name)) = \(mistype.value) WHERE \(key) IN "
            + "(SELECT \(table.hasRowID ? "rowid" : names(table.primaryKey)) FROM \(quoted(table.name)) LIMIT 1)"
        guard (try? data.execute(sql: sql)) != nil else { return false }
        return data.changes > 0
    }

    /// Quoted column names, comma-separated.
    func names(_ ids: [Int]) -> String {
        ids.map { quoted(column($0)?.name ?? "missing_column_\($0)") }.joined(separator: ", ")
    }
}
