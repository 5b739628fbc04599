import Kiln

/// The names of columns the schema reads as JSON anywhere (an index on `json_extract(value, '$.theme')`, a
/// view using `payload ->> '$.id'`), so generated rows put JSON there even without a `json_valid` CHECK.
enum JSONColumnUse {
    /// Column names passed first to a `json_*` function, or on the left of `->` or `->>`, in any statement of
    /// the schema of `connection`.
    ///
    /// - Parameters:
    ///   - connection: the database.
    ///   - cache: the run's cache, which remembers each statement's names by its text.
    /// - Returns: the names, as SQLite compares them; a name counts for every table that has such a column.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func read(from connection: SQLiteConnection, cache: SchemaTextCache) throws -> Set<SQLIdentifierKey> {
        var names = Set<SQLIdentifierKey>()
        for row in try connection.rows(sql: "SELECT sql FROM main.sqlite_schema WHERE sql IS NOT NULL") {
            // The cache first: a statement's text is scanned once per run, not once per version.
            guard case .text(let sql) = row[0] else { continue }
            names.formUnion(cache.jsonColumns(sql: sql, read: columns(in:)))
        }
        return names
    }

    /// The column names one statement reads as JSON.
    private static func columns(in sql: String) -> Set<SQLIdentifierKey> {
        var names = Set<SQLIdentifierKey>()
        guard sql.lowercased().contains("json") || sql.contains("->") else { return names }
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        for (index, token) in tokens.enumerated() {
            let text = lexer.text(of: token)
            if token.kind == .symbol, text == "->" || text == "->>", index > 0,
                let name = lexer.identifier(of: tokens[index - 1])
            {
                names.insert(name.identifierKey)
            }
            if token.kind == .word, text.lowercased().hasPrefix("json"), index + 2 < tokens.count,
                lexer.text(of: tokens[index + 1]) == "("
            {
                var argument = index + 2
                // A qualified name, `table.column`: the column is after the dot.
                while argument + 2 < tokens.count, lexer.text(of: tokens[argument + 1]) == "." { argument += 2 }
                if let name = lexer.identifier(of: tokens[argument]) { names.insert(name.identifierKey) }
            }
        }
        return names
    }
}
