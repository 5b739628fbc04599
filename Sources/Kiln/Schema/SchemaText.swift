/// The canonical text of a piece of SQL inside a schema (a CHECK or partial-index condition, a DEFAULT or
/// generated expression, a whole view or trigger), so that two spellings SQLite treats the same compare
/// equal: comments and white space dropped, tokens joined by single spaces, keywords in upper case,
/// identifiers unquoted and in lower case (ASCII letters only, as SQLite folds them), and parentheses that
/// wrap the whole text removed. Strings, numbers and blobs keep their exact text. A quoted word that would
/// read as a value once unquoted (`"true"`, `"false"`, `"null"`, `"current_date"`, `"current_time"`,
/// `"current_timestamp"`) keeps its double quotes, since SQLite reads it as a name or, in a DEFAULT or with
/// double-quoted strings allowed, as the text `'true'`, where the bare word is the integer 1, NULL or the
/// current date.
package enum SchemaText {
    /// The canonical text of `sql`.
    package static func normalize(_ sql: String) -> String {
        let lexer = SQLLexer(sql)
        var copy = lexer
        return normalize(copy.tokens()[...], in: lexer)
    }

    /// The canonical text of `tokens`, taken from `lexer`'s text; a trailing `;` is dropped.
    package static func normalize(_ tokens: ArraySlice<SQLToken>, in lexer: SQLLexer) -> String {
        var tokens = tokens
        while tokens.last?.kind == .semicolon { tokens = tokens.dropLast() }
        tokens = unwrapped(tokens, in: lexer)
        var output = ""
        var previous: String?
        var previousIsName = false
        for token in tokens {
            var text = canonicalText(of: token, in: lexer)
            if previous != ".", token.kind == .quotedIdentifier, let name = lexer.identifier(of: token),
                readsAsValue(name)
            {
                text = quoted(folded(name, upper: false))
            }
            let isCall = previousIsName && text == "("
            if let previous, previous != "(", previous != ".", text != ")", text != ",", text != ".", !isCall {
                output += " "
            }
            output += text
            previous = text
            previousIsName =
                (token.kind == .word || token.kind == .quotedIdentifier) && !SQLiteGrammar.isKeyword(text)
        }
        return output
    }

    /// One token's canonical text: see ``SchemaText``.
    package static func canonicalText(of token: SQLToken, in lexer: SQLLexer) -> String {
        switch token.kind {
        case .word, .quotedIdentifier:
            return identifierText(lexer.identifier(of: token) ?? lexer.text(of: token))
        default:
            return lexer.text(of: token)
        }
    }

    /// A name as the canonical text writes it: bare and folded (upper case when it is a keyword, so that
    /// `"key"` and `key` agree), or double-quoted when it is not a plain word.
    package static func identifierText(_ name: String) -> String {
        guard isPlainWord(name) else { return quoted(folded(name, upper: false)) }
        return SQLiteGrammar.isKeyword(name) ? folded(name, upper: true) : folded(name, upper: false)
    }

    /// The words that SQLite reads as a value when bare (a literal or the current time), whatever the schema
    /// holds; quoted, they are a name or a string.
    private static let valueWords: Set<String> = [
        "true", "false", "null", "current_date", "current_time", "current_timestamp",
    ]

    /// Whether `name`, written bare, would read as a value rather than the name or string it is when quoted.
    package static func readsAsValue(_ name: String) -> Bool {
        valueWords.contains(folded(name, upper: false))
    }

    /// A declared type in upper case with single spaces, e.g. `VARCHAR(10)`; empty for none.
    package static func typeText(_ declaredType: String) -> String {
        var lexer = SQLLexer(declaredType)
        let tokens = lexer.tokens()
        var output = ""
        var previous: String?
        for token in tokens {
            let text = folded(lexer.identifier(of: token) ?? lexer.text(of: token), upper: true)
            if let previous, previous != "(", text != ")", text != ",", text != "(" { output += " " }
            output += text
            previous = text
        }
        return output
    }

    /// `name` with ASCII letters folded to one case; other bytes as they are.
    package static func folded(_ name: String, upper: Bool) -> String {
        String(
            decoding: name.utf8.map { byte in
                if upper, byte >= 97, byte <= 122 { return byte - 32 }
                if !upper, byte >= 65, byte <= 90 { return byte + 32 }
                return byte
            }, as: UTF8.self)
    }

    private static func isPlainWord(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= 48 && first <= 57) else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }
    }

    /// `tokens` without parentheses that enclose all of them.
    private static func unwrapped(_ tokens: ArraySlice<SQLToken>, in lexer: SQLLexer) -> ArraySlice<SQLToken> {
        var tokens = tokens
        while let first = tokens.first, let last = tokens.last, tokens.count >= 2,
            lexer.text(of: first) == "(", lexer.text(of: last) == ")",
            SchemaTokens.closingParenthesis(of: tokens.startIndex, in: tokens, lexer: lexer) == tokens.endIndex - 1
        {
            tokens = tokens.dropFirst().dropLast()
        }
        return tokens
    }
}
