import Kiln

extension LintStatement {
    /// The words that end a table's place in a `FROM` list: after them no alias follows.
    private static let clauseWords: Set<String> = [
        "where", "join", "on", "using", "group", "order", "limit", "left", "right", "full", "inner", "outer",
        "cross", "natural", "union", "except", "intersect", "window", "having", "returning", "set", "values",
        "select", "indexed", "not",
    ]

    /// The tables named after each `FROM` or `JOIN` in `range`, and after the commas of a `FROM a, b` list.
    func tablesRead(in range: Range<Int>) -> [SQLIdentifierKey] {
        var tables: [SQLIdentifierKey] = []
        for index in range where isWord(index, "from") || isWord(index, "join") {
            var next = index + 1
            while next < range.upperBound, let table = name(at: next) {
                tables.append(table.name.identifierKey)
                let after = skippingAlias(from: table.next)
                guard after < range.upperBound, lexer.text(of: tokens[after]) == "," else { break }
                next = after + 1
            }
        }
        return tables
    }

    /// The index after a table's `[AS] alias`, or `index` when none follows.
    private func skippingAlias(from index: Int) -> Int {
        if isWord(index, "as") { return index + 2 }
        guard index < tokens.count, let word = lexer.identifier(of: tokens[index]) else { return index }
        return tokens[index].kind == .word && Self.clauseWords.contains(word.lowercased()) ? index : index + 1
    }

    /// Every identifier (bare word or quoted) in `range`, keywords included.
    func identifiers(in range: Range<Int>) -> Set<SQLIdentifierKey> {
        Set(range.compactMap { lexer.identifier(of: tokens[$0])?.identifierKey })
    }

    /// Whether `range` selects `*` or `table.*` (a `*` after `SELECT`, `DISTINCT`, `ALL`, `,` or `.`, not a
    /// product nor `count(*)`).
    func readsAllColumns(in range: Range<Int>) -> Bool {
        range.contains { index in
            guard index > 0, lexer.text(of: tokens[index]) == "*" else { return false }
            let before = index - 1
            return isWord(before, "select") || isWord(before, "distinct") || isWord(before, "all")
                || [",", "."].contains(lexer.text(of: tokens[before]))
        }
    }
}
