/// A `--` or `/* */` comment was left open, or a quoted token was never closed.
public struct SQLLexerProblem: Equatable, Sendable {
    /// What is wrong, lowercase.
    public let message: String
    /// The byte offset where the unterminated token starts.
    public let offset: Int
}
