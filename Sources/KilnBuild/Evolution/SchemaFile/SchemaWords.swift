import Kiln

/// One token of a stored `CREATE` statement as the schema file writes it: keywords in upper case, identifiers
/// bare where SQLite reads them the same way, everything else as written.
struct SchemaWord: Equatable {
    /// The text written.
    var text: String
    /// The keyword in upper case when it reads as one (an identifier or literal otherwise).
    var keyword: String?
    /// Whether it names something: a bare or quoted identifier that is not a keyword.
    var isName: Bool
    /// Whether it is a `-`, `+` or `~` in front of its operand (no space after it).
    var isUnary = false

    /// Whether it reads as a keyword, which decides the spacing before `(`.
    var isKeyword: Bool { keyword != nil }
}

/// Turns the tokens of a stored `CREATE` statement into ``SchemaWord``s and joins them with single spaces.
///
/// Only letter case of keywords and the quoting of identifiers change, and only where SQLite reads the result
/// the same: a keyword that is also the name of a table, column or other object of the schema keeps its
/// spelling unless the words before it make it a keyword (`PRIMARY KEY`, `NO ACTION`), and so does a keyword
/// right after `AS` (an alias such as `AS key`). A quoted identifier loses its quotes when it is a plain ASCII
/// word that is no keyword; with double-quoted string literals allowed, quoted tokens stay as written, since
/// `"text"` may then be a string.
struct SchemaWords {
    /// The folded names of the schema's tables, columns, indexes, views and triggers.
    let names: Set<SQLIdentifierKey>
    /// Whether quoted identifiers may be rewritten (double-quoted string literals are off).
    let rewritesQuotes: Bool
    /// Whether every token keeps its spelling (only white space changes): the fallback when the rewritten
    /// text would not read back as the same schema.
    var keepsSpelling = false
    /// Whether a keyword taken for a name is double-quoted (`key`, `new.key` and `"key"` all become `"key"`),
    /// so that the file does not depend on how the migrations quoted it; off, it keeps its spelling (the
    /// fallback when a keyword was taken for a name wrongly and the quoted text does not read back).
    var quotesKeywordNames = true

    /// Words after which a keyword is one even when it spells a name (`PRIMARY KEY`, `NO ACTION`).
    private static let keywordContexts: Set<String> = [
        "PRIMARY", "FOREIGN", "NO", "CONFLICT", "EACH", "INITIALLY",
    ]
    /// Keywords written like a function call, without a space before their `(`: `CAST(x AS TEXT)`.
    private static let callKeywords: Set<String> = ["CAST", "RAISE", "REPLACE", "LIKE", "GLOB", "MATCH", "REGEXP"]
    /// Keywords that may follow `AS` as keywords rather than as an alias.
    private static let afterAsKeywords: Set<String> = ["SELECT", "VALUES", "WITH", "NOT", "MATERIALIZED"]

    /// The words of `tokens`, one per token, in order.
    func words(_ tokens: [SQLToken], lexer: SQLLexer) -> [SchemaWord] {
        var result: [SchemaWord] = []
        var previousKind: SQLToken.Kind?
        var openCases = 0
        for token in tokens {
            var word = self.word(token, lexer: lexer, previous: result.last)
            if word.keyword == "CASE" { openCases += 1 }
            if openCases > 0, token.kind == .word, result.last?.text != ".",
                SchemaText.folded(lexer.text(of: token), upper: true) == "END"
            {
                // The END of a CASE is a keyword even when a column is named `end`.
                word = keyword(lexer.text(of: token))
                openCases -= 1
            }
            if token.kind == .symbol, ["-", "+", "~"].contains(word.text) {
                // In front of an operand: at the start, after a keyword, or after an operator or `(` / `,`.
                word.isUnary =
                    result.last.map { $0.isKeyword || (previousKind == .symbol && $0.text != ")") } ?? true
            }
            result.append(word)
            previousKind = token.kind
        }
        return result
    }

    private func word(_ token: SQLToken, lexer: SQLLexer, previous: SchemaWord?) -> SchemaWord {
        let text = lexer.text(of: token)
        switch token.kind {
        case .word:
            let upper = SchemaText.folded(text, upper: true)
            guard SQLiteGrammar.isKeyword(text) else { return SchemaWord(text: text, keyword: nil, isName: true) }
            let forced = previous?.keyword.map(Self.keywordContexts.contains) ?? false
            let isAlias = previous?.keyword == "AS" && !Self.afterAsKeywords.contains(upper)
            let isQualified = previous?.text == "."
            if !forced, names.contains(text.identifierKey) || isAlias || isQualified {
                let quotes = rewritesQuotes && quotesKeywordNames && !keepsSpelling
                return SchemaWord(text: quotes ? SQLText.identifier(text) : text, keyword: nil, isName: true)
            }
            return keyword(text)
        case .quotedIdentifier:
            guard rewritesQuotes, !keepsSpelling, let name = lexer.identifier(of: token) else {
                return SchemaWord(text: text, keyword: nil, isName: true)
            }
            return SchemaWord(text: SQLText.identifier(name), keyword: nil, isName: true)
        default:
            return SchemaWord(text: text, keyword: nil, isName: false)
        }
    }

    /// The keyword spelled `text`: in upper case unless every token keeps its spelling.
    func keyword(_ text: String) -> SchemaWord {
        let upper = SchemaText.folded(text, upper: true)
        return SchemaWord(text: keepsSpelling ? text : upper, keyword: upper, isName: false)
    }

    /// `words` joined as SQL text: one space between words, none inside `( … )`, before `,` `;` `)` `.`, after
    /// `.` and a unary sign, or between a name and the `(` of its arguments (`count(*)`, `VARCHAR(20)`), unless
    /// the two would then read as other tokens (`- -1` is not `--1`, a comment).
    static func join(_ words: some Collection<SchemaWord>) -> String {
        var output = ""
        var previous: SchemaWord?
        for word in words {
            if let previous, needsSpace(between: previous, and: word) { output += " " }
            output += word.text
            previous = word
        }
        return output
    }

    private static func needsSpace(between previous: SchemaWord, and word: SchemaWord) -> Bool {
        let joins =
            previous.text == "(" || previous.text == "." || previous.isUnary
            || [")", ",", ".", ";"].contains(word.text)
            || (word.text == "(" && (previous.isName || previous.keyword.map(callKeywords.contains) == true))
        return !joins || fuse(previous.text, word.text)
    }

    /// Whether the tokens `first` and `second`, written together, read as anything but those two tokens.
    private static func fuse(_ first: String, _ second: String) -> Bool {
        var lexer = SQLLexer(first + second)
        let tokens = lexer.tokens()
        return tokens.count != 2 || lexer.text(of: tokens[0]) != first
    }
}
