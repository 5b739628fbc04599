/// One statement's place in a SQL text.
public struct SQLStatementRange: Equatable, Sendable {
    /// From the statement's first token through its closing `;` (or the last token when it has none).
    public let range: Range<Int>
    /// The statement's tokens, excluding the closing `;`.
    public let tokens: [SQLToken]
}
