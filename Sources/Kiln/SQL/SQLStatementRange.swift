/// One statement's place in a SQL text.
///
/// It keeps only its byte range and a reference to the text (shared, not copied), and lexes its tokens again
/// when asked, so a file of a million statements does not hold a million token arrays while it runs.
package struct SQLStatementRange: Equatable, Sendable {
    /// From the statement's first token through its closing `;` (or the last token when it has none).
    package let range: Range<Int>
    /// Whether the range ends with the `;` that closes the statement.
    let isClosed: Bool
    /// The UTF-8 text the range points into.
    private let source: [UInt8]

    /// A statement of `source` spanning `range`; `isClosed` when the range ends with its closing `;`.
    init(range: Range<Int>, isClosed: Bool, source: [UInt8]) {
        self.range = range
        self.isClosed = isClosed
        self.source = source
    }

    /// The statement's tokens, excluding the closing `;`.
    package var tokens: [SQLToken] { tokens(prefix: .max) }

    /// The statement's first `limit` tokens (fewer when it has fewer), excluding the closing `;`: what a look
    /// at how a statement begins needs, without lexing the rest of it.
    func tokens(prefix limit: Int) -> [SQLToken] {
        var lexer = SQLLexer(bytes: source)
        var position = range.lowerBound
        var result: [SQLToken] = []
        while result.count < limit, position < range.upperBound, let token = lexer.nextToken(from: &position) {
            if isClosed, token.range.upperBound == range.upperBound, token.kind == .semicolon { break }
            result.append(token)
        }
        return result
    }

    /// Two statements are equal when they span the same bytes and both are closed or both are not.
    package static func == (left: SQLStatementRange, right: SQLStatementRange) -> Bool {
        left.range == right.range && left.isClosed == right.isClosed
    }
}
