extension SQLText {
    /// `sql` (one statement, with or without its `;`) as a statement of a file: from its first token through
    /// its last, then the `;` that ends it. What lies after the last token goes: SQLite keeps a view's
    /// trailing comment in `sqlite_schema` (`CREATE VIEW v AS SELECT 1 -- note`), and a `;` written after it
    /// would be part of the comment.
    package static func statement(_ sql: String) -> String {
        var lexer = SQLLexer(sql)
        var tokens = lexer.tokens()
        while tokens.last?.kind == .semicolon { tokens.removeLast() }
        guard let first = tokens.first, let last = tokens.last else { return ";" }
        return String(decoding: lexer.bytes[first.range.lowerBound..<last.range.upperBound], as: UTF8.self) + ";"
    }

    /// How `text` differs from a file holding exactly the statements `expected` (each as ``statement(_:)``
    /// writes it), in order, with only white space and comments around them; nil when it does not. The text is
    /// split as SQLite splits it (``SQLStatementSplitter``: a `;` ends a statement where `sqlite3_complete`
    /// agrees), so a name, value or comment that ended its token early shows as a statement too many.
    package static func mismatch(in text: String, expected: [String]) -> StatementMismatch? {
        let bytes = Array(text.utf8)
        if let offset = bytes.firstIndex(of: 0) { return .nul(offset: offset) }
        var lexer = SQLLexer(bytes: bytes)
        let found = SQLStatementSplitter.statements(of: &lexer).map {
            String(decoding: bytes[$0.range], as: UTF8.self)
        }
        let wanted = expected.map(statement)
        guard found != wanted else { return nil }
        let index = zip(found, wanted).prefix { $0 == $1 }.count
        return .statement(
            index: index, expected: index < wanted.count ? wanted[index] : nil,
            found: index < found.count ? found[index] : nil)
    }
}

/// How generated SQL text differs from the statements it was meant to hold (``SQLText/mismatch(in:expected:)``).
package enum StatementMismatch: Equatable, Sendable, CustomStringConvertible {
    /// The text holds a NUL byte at `offset`, where SQLite would stop reading it.
    case nul(offset: Int)
    /// The statement at `index` (from 0) is not the one meant: `expected` is the one meant (nil: there are
    /// more than meant), `found` the one SQLite reads there (nil: there are fewer).
    case statement(index: Int, expected: String?, found: String?)

    /// What differs, in a few words for a message.
    package var description: String {
        switch self {
        case .nul(let offset): "a NUL byte at byte \(offset), where SQLite stops reading"
        case .statement(let index, let expected, let found):
            "statement \(index + 1) reads as " + (found.map(Self.shown) ?? "nothing")
                + (expected.map { " instead of " + Self.shown($0) } ?? ", one more than meant")
        }
    }

    /// A statement's start on one line, for a message.
    private static func shown(_ statement: String) -> String {
        "'" + SQLText.commentText(String(statement.prefix(120))) + (statement.count > 120 ? "…'" : "'")
    }
}
