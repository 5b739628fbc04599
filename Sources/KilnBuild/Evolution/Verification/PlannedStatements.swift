import Kiln

/// The statements of a planned migration's text, split as SQLite reads them, with where each starts.
struct PlannedStatements {
    /// Each statement's text, without its semicolon, and the location of its first token (line and column).
    let statements: [(sql: String, line: Int, column: Int)]

    /// The statements of `text`.
    init(_ text: String) {
        let source = SourceText(path: "", bytes: Array(text.utf8))
        var lexer = SQLLexer(bytes: source.bytes)
        statements = SQLStatementSplitter.statements(of: &lexer).compactMap { statement in
            let tokens = statement.tokens
            guard let first = tokens.first, let last = tokens.last else { return nil }
            let bytes = source.bytes[first.range.lowerBound..<last.range.upperBound]
            let start = source.location(ofByte: first.range.lowerBound)
            return (String(decoding: bytes, as: UTF8.self), start.line, start.column)
        }
    }

    /// The index of the statement that holds `location` (of the same text): the last one starting at or
    /// before it.
    func index(at location: SourceLocation) -> Int? {
        statements.lastIndex { ($0.line, $0.column) <= (location.line, location.column) }
    }

    /// The text of the statement that holds `location`.
    func statement(at location: SourceLocation?) -> String? {
        location.flatMap { index(at: $0) }.map { statements[$0].sql }
    }
}
