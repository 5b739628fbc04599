import Kiln

/// Finds the statement of a schema file that creates an object, to point a finding about that object at it.
enum SchemaFileLocator {
    /// The location of the first word of the `CREATE` statement whose object is `name` (names compared as
    /// SQLite compares them), or the file's start when no statement creates it.
    static func location(of name: String, in source: SourceText) -> SourceLocation {
        var lexer = SQLLexer(bytes: source.bytes)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        let key = name.identifierKey
        for statement in statements {
            let tokens = statement.tokens
            guard let first = tokens.first, let created = createdName(tokens, lexer: lexer),
                created.identifierKey == key
            else { continue }
            return source.location(ofByte: first.range.lowerBound)
        }
        return SourceLocation(path: source.path, line: 1, column: 1)
    }

    /// The name a `CREATE … TABLE|INDEX|VIEW|TRIGGER [IF NOT EXISTS] [schema.]name` statement creates.
    private static func createdName(_ tokens: [SQLToken], lexer: SQLLexer) -> String? {
        guard
            let kind = tokens.prefix(4).firstIndex(where: { token in
                ["TABLE", "INDEX", "VIEW", "TRIGGER"].contains { lexer.isWord(token, $0) }
            })
        else { return nil }
        var index = kind + 1
        if index + 2 < tokens.count, lexer.isWord(tokens[index], "IF") { index += 3 }
        if index + 2 < tokens.count, lexer.text(of: tokens[index + 1]) == "." { index += 2 }
        return index < tokens.count ? lexer.identifier(of: tokens[index]) : nil
    }
}
