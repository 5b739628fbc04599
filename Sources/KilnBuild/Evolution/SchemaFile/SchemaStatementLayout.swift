import Kiln

/// Lays out one stored `CREATE` statement for the schema file: a table with one column or constraint per line,
/// a view with one clause per line, a trigger with one statement of its body per line (each indented by four
/// spaces), an index or virtual table on one line. Only white space, the case of keywords and the quoting of
/// identifiers change (see ``SchemaWords``), so the statement means what the stored one means.
struct SchemaStatementLayout {
    /// How tokens become words.
    let words: SchemaWords

    private static let indent = "    "
    /// Words that start a column constraint, so the words before them are the column's type.
    private static let constraintStarts: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED",
        "AS",
    ]
    /// Words that start a clause of a view's query on a new line.
    private static let clauseStarts: Set<String> = [
        "SELECT", "VALUES", "FROM", "WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "UNION", "INTERSECT",
        "EXCEPT",
    ]

    /// The statement `sql` (of type `table`, `index`, `view` or `trigger`) as the schema file writes it,
    /// ending with `;`.
    func statement(_ sql: String, type: String) -> String {
        var lexer = SQLLexer(sql)
        var tokens = lexer.tokens()
        while tokens.last?.kind == .semicolon { tokens.removeLast() }
        let all = words.words(tokens, lexer: lexer)
        let laidOut: String? =
            switch type {
            case "table": table(all, tokens: tokens, lexer: lexer)
            case "view": view(all)
            case "trigger": trigger(all, tokens: tokens, lexer: lexer)
            default: nil
            }
        return (laidOut ?? SchemaWords.join(all)) + ";"
    }

    /// `CREATE TABLE name (` then each column and constraint on its own line, then `)` and the options; a virtual
    /// table keeps its module arguments exactly as stored, since the module reads them as text.
    private func table(_ all: [SchemaWord], tokens: [SQLToken], lexer: SQLLexer) -> String? {
        guard let open = all.firstIndex(where: { $0.text == "(" }),
            let close = SchemaTokens.closingParenthesis(of: open, in: tokens[...], lexer: lexer)
        else { return nil }
        let head = SchemaWords.join(all[..<open])
        if all.count > 1, all[1].keyword == "VIRTUAL" {
            let arguments = lexer.bytes[tokens[open].range.lowerBound..<tokens[tokens.count - 1].range.upperBound]
            return head + String(decoding: arguments, as: UTF8.self)
        }
        let parts = SchemaTokens.splitAtCommas(tokens[(open + 1)..<close], lexer: lexer).map { part in
            Self.indent
                + SchemaWords.join(storedInUpperCase(typeInUpperCase(Array(all[part.startIndex..<part.endIndex]))))
        }
        let options = SchemaWords.join(all[(close + 1)...])
        return head + " (\n" + parts.joined(separator: ",\n") + "\n)" + (options.isEmpty ? "" : " " + options)
    }

    /// A column definition's declared type in upper case (SQLite reads types without regard to case); a table
    /// constraint as it is.
    private func typeInUpperCase(_ part: [SchemaWord]) -> [SchemaWord] {
        guard let first = part.first, first.isName else { return part }
        var part = part
        var index = 1
        var depth = 0
        while index < part.count {
            let word = part[index]
            if depth == 0, let keyword = word.keyword, Self.constraintStarts.contains(keyword) { break }
            if word.text == "(" { depth += 1 }
            if word.text == ")" { depth -= 1 }
            if !word.text.hasPrefix("\"") { part[index].text = SchemaText.folded(word.text, upper: true) }
            index += 1
        }
        return part
    }

    /// `STORED` after a generated column's `AS (…)` in upper case: a word of the grammar there, though not one of
    /// SQLite's keywords (`VIRTUAL` is one).
    private func storedInUpperCase(_ part: [SchemaWord]) -> [SchemaWord] {
        guard !words.keepsSpelling else { return part }
        var part = part
        for index in part.indices.dropFirst()
        where part[index - 1].text == ")" && SchemaText.folded(part[index].text, upper: true) == "STORED" {
            part[index].text = "STORED"
        }
        return part
    }

    /// `CREATE VIEW name AS` then each clause of the query (at the top level) on its own line.
    private func view(_ all: [SchemaWord]) -> String? {
        guard let asIndex = all.firstIndex(where: { $0.keyword == "AS" }) else { return nil }
        var lines: [[SchemaWord]] = []
        var depth = 0
        var previous: SchemaWord?
        for word in all[(asIndex + 1)...] {
            let startsClause =
                depth == 0 && word.keyword.map(Self.clauseStarts.contains) == true && previous?.keyword != "DISTINCT"
                && !(word.keyword == "SELECT"
                    && ["UNION", "ALL", "INTERSECT", "EXCEPT"].contains(previous?.keyword ?? ""))
            if startsClause || lines.isEmpty { lines.append([]) }
            lines[lines.count - 1].append(word)
            if word.text == "(" { depth += 1 }
            if word.text == ")" { depth -= 1 }
            previous = word
        }
        let body = lines.map { Self.indent + SchemaWords.join($0) }
        return ([SchemaWords.join(all[...asIndex])] + body).joined(separator: "\n")
    }

    /// Words that start a statement of a trigger's body.
    private static let bodyStarts: Set<String> = ["SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH", "VALUES"]

    /// `CREATE TRIGGER … BEGIN`, each statement of the body on its own line, then `END`. The body's `BEGIN` is
    /// the first `begin` right before a statement's first word (a table or column may be named `begin`), and
    /// the last word is its `END`; both are keywords there whatever else the schema names so.
    private func trigger(_ all: [SchemaWord], tokens: [SQLToken], lexer: SQLLexer) -> String? {
        let spelled = { (index: Int) in tokens[index].kind == .word ? lexer.text(of: tokens[index]) : "" }
        let isBegin = { (index: Int) in
            SchemaText.folded(spelled(index), upper: true) == "BEGIN" && index + 1 < all.count
                && all[index + 1].keyword.map(Self.bodyStarts.contains) == true
        }
        guard let begin = all.indices.first(where: isBegin), all.count > 1,
            SchemaText.folded(spelled(all.count - 1), upper: true) == "END", begin < all.count - 1
        else { return nil }
        var all = all
        all[begin] = words.keyword(spelled(begin))
        all[all.count - 1] = words.keyword(spelled(all.count - 1))
        var statements: [String] = []
        var start = begin + 1
        for index in (begin + 1)..<(all.count - 1) where tokens[index].kind == .semicolon {
            statements.append(Self.indent + SchemaWords.join(all[start...index]))
            start = index + 1
        }
        if start < all.count - 1 { statements.append(Self.indent + SchemaWords.join(all[start..<(all.count - 1)])) }
        return ([SchemaWords.join(all[...begin])] + statements + ["END"]).joined(separator: "\n")
    }
}
