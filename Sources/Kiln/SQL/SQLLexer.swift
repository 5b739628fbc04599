/// Splits SQL text into tokens the way SQLite's tokenizer does (<https://www.sqlite.org/lang_keywords.html>,
/// <https://www.sqlite.org/lang_expr.html>): white space and comments are skipped, and strings, quoted
/// identifiers and blob literals are single tokens, so a `;` or a keyword inside them is never mistaken for
/// SQL.
///
/// The lexer never fails: an unterminated string or comment runs to the end of the text and is reported in
/// ``problems``, and SQLite's own parser gives the authoritative error when the text is prepared.
package struct SQLLexer {
    /// The UTF-8 bytes being tokenized.
    package let bytes: [UInt8]
    /// Unterminated strings, identifiers and block comments found while tokenizing.
    package private(set) var problems: [SQLLexerProblem] = []

    /// Creates a lexer over UTF-8 bytes.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// Creates a lexer over a string's UTF-8.
    package init(_ text: String) { self.bytes = Array(text.utf8) }

    /// Every token of the text, in order.
    package mutating func tokens() -> [SQLToken] {
        var result: [SQLToken] = []
        var position = 0
        while let token = nextToken(from: &position) { result.append(token) }
        return result
    }

    /// Whether UTF-8 SQL text holds any token other than `;`, that is, anything SQLite would run.
    package static func containsStatement(_ bytes: [UInt8]) -> Bool {
        var lexer = SQLLexer(bytes: bytes)
        return lexer.tokens().contains { $0.kind != .semicolon }
    }

    /// The text of a token.
    package func text(of token: SQLToken) -> String {
        String(decoding: bytes[token.range], as: UTF8.self)
    }

    /// The identifier a token names: a bare word as written, a quoted identifier without its quotes and with
    /// doubled quotes undone (``SQLText/unquoted(_:)``); nil for other tokens.
    package func identifier(of token: SQLToken) -> String? {
        switch token.kind {
        case .word: text(of: token)
        case .quotedIdentifier: String(decoding: SQLText.unquoted(bytes[token.range]), as: UTF8.self)
        default: nil
        }
    }

    /// The text a string-literal token stands for, its quotes gone and doubled quotes undone
    /// (``SQLText/unquoted(_:)``); nil for other tokens.
    package func literalValue(of token: SQLToken) -> String? {
        guard token.kind == .string else { return nil }
        return String(decoding: SQLText.unquoted(bytes[token.range]), as: UTF8.self)
    }

    /// Whether a token is the bare word `keyword`, compared without regard to ASCII case.
    package func isWord(_ token: SQLToken, _ keyword: String) -> Bool {
        guard token.kind == .word, token.range.count == keyword.utf8.count else { return false }
        return zip(bytes[token.range], keyword.utf8).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    /// Skips white space and comments from `position` and returns the next token, or nil at the end.
    package mutating func nextToken(from position: inout Int) -> SQLToken? {
        skipTrivia(&position)
        guard position < bytes.count else { return nil }
        let start = position
        let byte = bytes[position]
        let kind: SQLToken.Kind
        switch byte {
        case UInt8(ascii: "'"):
            closeQuoted(&position, quote: byte, what: "string literal")
            kind = .string
        case UInt8(ascii: "\""), UInt8(ascii: "`"):
            closeQuoted(&position, quote: byte, what: "quoted identifier")
            kind = .quotedIdentifier
        case UInt8(ascii: "["):
            closeBracketed(&position)
            kind = .quotedIdentifier
        case _
        where (byte | 0x20) == UInt8(ascii: "x") && position + 1 < bytes.count
            && bytes[position + 1] == UInt8(ascii: "'"):
            position += 1
            closeQuoted(&position, quote: UInt8(ascii: "'"), what: "blob literal")
            kind = .blob
        case UInt8(ascii: ";"):
            position += 1
            kind = .semicolon
        case UInt8(ascii: "?"):
            position += 1
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
            kind = .parameter
        case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
            position += 1
            while position < bytes.count && isWordByte(bytes[position]) { position += 1 }
            kind = .parameter
        case _
        where isDigit(byte)
            || (byte == UInt8(ascii: ".") && position + 1 < bytes.count && isDigit(bytes[position + 1])):
            scanNumber(&position)
            kind = .number
        case _ where isWordStart(byte):
            while position < bytes.count && isWordByte(bytes[position]) { position += 1 }
            kind = .word
        default:
            position += symbolLength(at: position)
            kind = .symbol
        }
        return SQLToken(kind: kind, range: start..<position)
    }

    /// Moves past a `[name]` identifier starting at `position`, noting a problem when it is never closed.
    private mutating func closeBracketed(_ position: inout Int) {
        let start = position
        position += 1
        while position < bytes.count && bytes[position] != UInt8(ascii: "]") { position += 1 }
        if position < bytes.count {
            position += 1
        } else {
            problems.append(SQLLexerProblem(message: "unterminated quoted identifier", offset: start))
        }
    }

    private mutating func skipTrivia(_ position: inout Int) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                position += 1
            } else if byte == UInt8(ascii: "-") && position + 1 < bytes.count
                && bytes[position + 1] == UInt8(ascii: "-")
            {
                while position < bytes.count && bytes[position] != 0x0A { position += 1 }
            } else if byte == UInt8(ascii: "/") && position + 1 < bytes.count
                && bytes[position + 1] == UInt8(ascii: "*")
            {
                let start = position
                position += 2
                while position + 1 < bytes.count
                    && !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
                {
                    position += 1
                }
                if position + 1 < bytes.count {
                    position += 2
                } else {
                    // SQLite accepts a block comment that runs to the end of the text.
                    position = bytes.count
                    problems.append(SQLLexerProblem(message: "unterminated block comment", offset: start))
                }
            } else {
                return
            }
        }
    }

    /// Moves past a token quoted with `quote`, where a doubled quote stands for one.
    private mutating func closeQuoted(_ position: inout Int, quote: UInt8, what: String) {
        let start = position
        position += 1
        while position < bytes.count {
            if bytes[position] == quote {
                if position + 1 < bytes.count && bytes[position + 1] == quote {
                    position += 2
                    continue
                }
                position += 1
                return
            }
            position += 1
        }
        problems.append(SQLLexerProblem(message: "unterminated \(what)", offset: start))
    }

    private func scanNumber(_ position: inout Int) {
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "x") || bytes[position + 1] == UInt8(ascii: "X")
        {
            position += 2
            while position < bytes.count && isWordByte(bytes[position]) { position += 1 }
            return
        }
        while position < bytes.count && (isDigit(bytes[position]) || bytes[position] == UInt8(ascii: ".")) {
            position += 1
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
            {
                position += 1
            }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
    }

    /// The length of the operator at `position`: `->>` (3); `->`, `||`, `<=`, `>=`, `==`, `!=`, `<>`, `<<`,
    /// `>>` (2); any other byte (1). Compared byte by byte, as this runs for every `(`, `,` and `)`.
    private func symbolLength(at position: Int) -> Int {
        guard position + 1 < bytes.count else { return 1 }
        let first = bytes[position]
        let second = bytes[position + 1]
        switch (first, second) {
        case (UInt8(ascii: "-"), UInt8(ascii: ">")):
            return position + 2 < bytes.count && bytes[position + 2] == UInt8(ascii: ">") ? 3 : 2
        case (UInt8(ascii: "|"), UInt8(ascii: "|")), (UInt8(ascii: "<"), UInt8(ascii: "=")),
            (UInt8(ascii: ">"), UInt8(ascii: "=")), (UInt8(ascii: "="), UInt8(ascii: "=")),
            (UInt8(ascii: "!"), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: ">")),
            (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")):
            return 2
        default:
            return 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        isWordStart(byte) || isDigit(byte) || byte == UInt8(ascii: "$")
    }
}
