/// Splits SQL text into statements without a database, so a whole file can be checked before any of it
/// runs.
///
/// A `;` ends a statement only where SQLite's own `sqlite3_complete` agrees the text so far is complete, so
/// semicolons inside strings, comments and `CREATE TRIGGER … BEGIN … END` bodies stay inside their
/// statement, exactly as `sqlite3_prepare_v2` with its tail pointer splits them when the text runs.
///
/// The text is read once, token by token: SQLite is asked only at a `;`, about the text from the current
/// statement's start, so the work is linear in the text's size (times the number of `;` inside one trigger
/// body), and no token array of the whole text is ever built.
public enum SQLStatementSplitter {
    /// The statements of `lexer`'s text, in order; white space and comments between them are dropped.
    public static func statements(of lexer: inout SQLLexer) -> [SQLStatementRange] {
        var result: [SQLStatementRange] = []
        var start: Int?
        var end = 0
        var position = 0
        while let token = lexer.nextToken(from: &position) {
            if token.kind == .semicolon {
                guard let first = start else { continue }  // an empty statement, `;;`
                if SQLiteGrammar.isComplete(lexer.bytes[first..<token.range.upperBound]) {
                    result.append(
                        SQLStatementRange(range: first..<token.range.upperBound, isClosed: true, source: lexer.bytes))
                    start = nil
                    continue
                }
            }
            if start == nil { start = token.range.lowerBound }
            end = token.range.upperBound
        }
        if let first = start {
            result.append(SQLStatementRange(range: first..<end, isClosed: false, source: lexer.bytes))
        }
        return result
    }
}
