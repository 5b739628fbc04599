/// Splits SQL text into statements without a database, so a whole file can be checked before any of it
/// runs.
///
/// A `;` ends a statement only where SQLite's own `sqlite3_complete` agrees the text so far is complete, so
/// semicolons inside strings, comments and `CREATE TRIGGER … BEGIN … END` bodies stay inside their
/// statement, exactly as `sqlite3_prepare_v2` with its tail pointer splits them when the text runs.
public enum SQLStatementSplitter {
    /// The statements of `lexer`'s text, in order; white space and comments between them are dropped.
    public static func statements(of lexer: inout SQLLexer) -> [SQLStatementRange] {
        let tokens = lexer.tokens()
        var result: [SQLStatementRange] = []
        var current: [SQLToken] = []
        for token in tokens {
            if token.kind == .semicolon {
                guard let first = current.first else { continue }  // an empty statement, `;;`
                if SQLiteGrammar.isComplete(lexer.bytes[first.range.lowerBound..<token.range.upperBound]) {
                    result.append(
                        SQLStatementRange(range: first.range.lowerBound..<token.range.upperBound, tokens: current))
                    current = []
                    continue
                }
            }
            current.append(token)
        }
        if let first = current.first, let last = current.last {
            result.append(SQLStatementRange(range: first.range.lowerBound..<last.range.upperBound, tokens: current))
        }
        return result
    }
}
