import Kiln

/// What reading schema text gives (a table's CHECK hints, the JSON columns a statement uses), remembered by
/// the text itself: a chain of versions repeats the same `CREATE TABLE` and `CREATE INDEX` statements at every
/// version, and these are pure functions of the text, so remembering them changes no result. One run owns it
/// (an upgrade-path check, a plan's verification) and hands it to every generation of rows it makes.
final class SchemaTextCache {
    /// An empty cache.
    init() {}

    private var jsonColumns: [String: Set<SQLIdentifierKey>] = [:]
    private var messageNames: [String: [SQLIdentifierKey]] = [:]
    private var tables: [String: UpgradeTable] = [:]
    private var plans: [PlanKey: [ColumnCandidates]] = [:]

    /// What a table's plans follow from: its text and its columns' uses.
    private struct PlanKey: Hashable {
        let sql: String
        let uses: [ColumnCandidates.Use]
    }

    /// The table `read` reads, remembered by its `CREATE TABLE` text `sql`.
    ///
    /// - Returns: the table.
    /// - Throws: what `read` throws.
    func table(sql: String, read: () throws -> UpgradeTable) throws -> UpgradeTable {
        if let known = tables[sql] { return known }
        let table = try read()
        tables[sql] = table
        return table
    }

    /// The candidate plans of `table`'s columns, remembered by its `CREATE TABLE` text and how the schema and
    /// the history use its columns (`uses`).
    ///
    /// - Returns: one plan per insertable column.
    func plans(for table: UpgradeTable, uses: ColumnUses) -> [ColumnCandidates] {
        let used = table.columns.map { column in
            let name = column.name.identifierKey
            return ColumnCandidates.Use(
                json: uses.json.contains(name), date: uses.dates.contains(name), number: uses.numbers.contains(name),
                patterns: uses.patterns[name] ?? [], length: uses.lengths[name])
        }
        let key = PlanKey(sql: table.sql, uses: used)
        if let known = plans[key] { return known }
        let hints = ColumnHints.read(sql: table.sql, columns: table.columns.map(\.name))
        let made = zip(table.columns, used).map { column, use in
            ColumnCandidates(column: column, hints: hints[column.name.identifierKey], use: use)
        }
        plans[key] = made
        return made
    }

    /// `read(sql)`, remembered by `sql`.
    ///
    /// - Returns: the column names `sql` reads as JSON.
    func jsonColumns(sql: String, read: (String) -> Set<SQLIdentifierKey>) -> Set<SQLIdentifierKey> {
        if let known = jsonColumns[sql] { return known }
        let names = read(sql)
        jsonColumns[sql] = names
        return names
    }

    /// The identifiers an error message of SQLite names after its first `": "`, leaving out table names
    /// (those before a dot): the columns of `NOT NULL constraint failed: t.c`, of `UNIQUE constraint failed:
    /// t.a, t.b`, or named in the expression of `CHECK constraint failed: a > 0`.
    ///
    /// - Returns: the names, as SQLite compares them.
    func names(inMessage message: String) -> [SQLIdentifierKey] {
        if let known = messageNames[message] { return known }
        let detail = message.firstRange(of: ": ").map { String(message[$0.upperBound...]) } ?? message
        var lexer = SQLLexer(detail)
        let tokens = lexer.tokens()
        var names: [SQLIdentifierKey] = []
        for (index, token) in tokens.enumerated() {
            let qualifier = index + 1 < tokens.count && lexer.text(of: tokens[index + 1]) == "."
            if !qualifier, let name = lexer.identifier(of: token) { names.append(name.identifierKey) }
        }
        messageNames[message] = names
        return names
    }
}
