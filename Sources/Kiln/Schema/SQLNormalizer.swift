/// Rewrites SQL so that two spellings of the same statement compare equal: comments dropped, white space
/// collapsed, keywords uppercased (`sqlite3_keyword_check`); identifiers and literals keep their text.
package enum SQLNormalizer {
    /// The normalized text of `sql`.
    package static func normalize(_ sql: String) -> String {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        var output = ""
        var previous: String?
        for token in tokens {
            var text = lexer.text(of: token)
            if token.kind == .word, SQLiteGrammar.isKeyword(text) { text = text.uppercased() }
            if let previous, previous != "(", text != ")", text != ",", text != ";" { output += " " }
            output += text
            previous = text
        }
        return output
    }

    /// The canonical form of `sql` for hashing: comments, white space and `;` dropped, every bare word
    /// uppercased (SQLite compares keywords and unquoted identifiers without regard to case), strings, quoted
    /// identifiers, numbers and blobs kept exactly, tokens separated by one space. Reformatting a statement
    /// does not change it; changing any token does.
    package static func canonical(_ sql: String) -> String {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        return tokens.filter { $0.kind != .semicolon }.map { token in
            let text = lexer.text(of: token)
            return token.kind == .word ? text.uppercased() : text
        }.joined(separator: " ")
    }
}
