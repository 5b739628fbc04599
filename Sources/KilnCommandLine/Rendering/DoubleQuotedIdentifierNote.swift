import Foundation
import Kiln

/// The note under `no such column: X` when the SQL wrote `"X"`: kiln runs SQLite with double-quoted string
/// literals off, so `"X"` names a column and never falls back to the string `'X'`, as legacy SQLite did.
///
/// The statement is read from the file the error points into: the token at the error's location, else the first
/// `"X"` of the statement there.
enum DoubleQuotedIdentifierNote {
    /// The note for an error diagnostic, or nil when it is not a missing column spelled in double quotes.
    ///
    /// - Parameters:
    ///   - diagnostic: a diagnostic about to be printed.
    ///   - root: the project root, against which its path is read.
    /// - Returns: a note at the double-quoted token.
    static func note(for diagnostic: Diagnostic, root: URL) -> Diagnostic? {
        guard diagnostic.severity == .error, let location = diagnostic.location,
            let column = missingColumn(in: diagnostic.message)
        else { return nil }
        let path = CommandContext.absolute(location.path, against: root)
        guard let bytes = try? FileSystem.contents(of: path),
            let token = doubleQuotedToken(named: column, near: offset(of: location, in: bytes), in: bytes)
        else { return nil }
        return Diagnostic(
            .note, "double-quoted text is an identifier; write \(SQLText.literal(column))",
            at: SourceText(path: location.path, bytes: bytes).location(ofByte: token.range.lowerBound))
    }

    /// The `X` of `no such column: X` in a message, when it is one unqualified name.
    static func missingColumn(in message: String) -> String? {
        guard let range = message.range(of: "no such column: ") else { return nil }
        let name = message[range.upperBound...].prefix { !$0.isWhitespace }
        guard !name.isEmpty, !name.contains(".") else { return nil }
        return String(name)
    }

    /// The byte offset of a line and column (columns count bytes).
    private static func offset(of location: SourceLocation, in bytes: [UInt8]) -> Int {
        var line = 1
        var offset = 0
        while line < location.line, offset < bytes.count {
            if bytes[offset] == 0x0A { line += 1 }
            offset += 1
        }
        return min(offset + max(location.column - 1, 0), bytes.count)
    }

    /// The `"name"` token at `offset`, else the first one in the statement holding `offset`.
    private static func doubleQuotedToken(named name: String, near offset: Int, in bytes: [UInt8]) -> SQLToken? {
        var lexer = SQLLexer(bytes: bytes)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        guard let statement = statements.last(where: { $0.range.lowerBound <= offset }) ?? statements.first else {
            return nil
        }
        let candidates = statement.tokens.filter { token in
            token.kind == .quotedIdentifier && bytes[token.range.lowerBound] == UInt8(ascii: "\"")
                && lexer.identifier(of: token)?.isSameIdentifier(as: name) == true
        }
        return candidates.first { $0.range.contains(offset) } ?? candidates.first
    }
}
