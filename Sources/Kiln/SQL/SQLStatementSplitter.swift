/// Splits SQL text into statements without a database, so a whole file can be checked before any of it
/// runs.
///
/// A `;` ends a statement only where SQLite's own `sqlite3_complete` agrees the text so far is complete, so
/// semicolons inside strings, comments and `CREATE TRIGGER … BEGIN … END` bodies stay inside their
/// statement, exactly as `sqlite3_prepare_v2` with its tail pointer splits them when the text runs.
///
/// The text is read once, token by token: SQLite is asked only at a `;`, about the text from the current
/// statement's start, so the work is linear in the text's size (times the number of `;` inside one trigger
/// body), and no token array of the whole text is ever built. It is asked only about statements that begin
/// with `CREATE` or `EXPLAIN`: in `sqlite3_complete`'s state machine only those can reach a trigger body, so
/// for every other statement the first `;` outside strings and comments is its end, and SQLite's answer
/// would be "complete" (<https://www.sqlite.org/src/file/src/complete.c>).
package enum SQLStatementSplitter {
    /// The statements of `lexer`'s text, in order; white space and comments between them are dropped.
    package static func statements(of lexer: inout SQLLexer) -> [SQLStatementRange] {
        var result: [SQLStatementRange] = []
        var position = 0
        while let statement = nextStatement(of: &lexer, from: &position) { result.append(statement) }
        return result
    }

    /// The first statement of `lexer`'s text at or after `position`, which moves past it; nil when only
    /// white space, comments and empty statements (`;;`) are left.
    ///
    /// Calling it until it returns nil, starting at 0, gives the statements of ``statements(of:)`` one at a
    /// time, so a caller that needs only the statement at hand never holds the whole list.
    package static func nextStatement(of lexer: inout SQLLexer, from position: inout Int) -> SQLStatementRange? {
        var start: Int?
        var end = 0
        var mayHoldTrigger = false
        while let token = lexer.nextToken(from: &position) {
            if token.kind == .semicolon {
                guard let first = start else { continue }  // an empty statement, `;;`
                if !mayHoldTrigger || SQLiteGrammar.isComplete(lexer.bytes[first..<token.range.upperBound]) {
                    return SQLStatementRange(range: first..<token.range.upperBound, isClosed: true, source: lexer.bytes)
                }
            }
            if start == nil {
                start = token.range.lowerBound
                mayHoldTrigger = lexer.isWord(token, "create") || lexer.isWord(token, "explain")
            }
            end = token.range.upperBound
        }
        guard let first = start else { return nil }
        return SQLStatementRange(range: first..<end, isClosed: false, source: lexer.bytes)
    }
}
