/// What a stored `CREATE TABLE` statement says beyond what SQLite's pragmas report: CHECK constraints,
/// column collations and generated expressions, AUTOINCREMENT and deferred foreign keys.
struct TableDefinitionText {
    /// A column's collation (upper case, nil for BINARY) and generated expression, by folded column name.
    var collations: [SQLIdentifierKey: String] = [:]
    /// Generated expressions in ``SchemaText`` form, by folded column name.
    var generatedExpressions: [SQLIdentifierKey: String] = [:]
    /// CHECK constraints in ``SchemaText`` form, in the order written.
    var checks: [String] = []
    /// Whether a column is `AUTOINCREMENT`.
    var isAutoincrement = false
    /// The child columns (folded, joined by `,`) of every foreign key that is `DEFERRABLE INITIALLY DEFERRED`.
    var deferredForeignKeys: Set<String> = []
    /// Whether it is `CREATE VIRTUAL TABLE`.
    var isVirtual = false
    /// Whether the options after the column list say `WITHOUT ROWID`.
    var isWithoutRowID = false
    /// Whether the options after the column list say `STRICT`.
    var isStrict = false

    private static let constraintWords = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]

    /// Reads `sql`, a table's stored definition.
    init(_ sql: String) {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        isVirtual = tokens.count > 1 && lexer.isWord(tokens[1], "VIRTUAL")
        guard !isVirtual, let group = SchemaTokens.firstGroup(tokens[...], lexer: lexer) else { return }
        for part in SchemaTokens.splitAtCommas(group.inside, lexer: lexer) {
            guard let first = part.first else { continue }
            let isConstraint = first.kind == .word && Self.constraintWords.contains { lexer.isWord(first, $0) }
            let column = isConstraint ? nil : lexer.identifier(of: first)
            read(part, column: column, lexer: lexer)
        }
        isWithoutRowID = group.after.contains { lexer.isWord($0, "ROWID") }
        isStrict = group.after.contains { lexer.isWord($0, "STRICT") }
    }

    /// Reads one column definition (`column` is its name) or table constraint (`column` is nil).
    private mutating func read(_ part: ArraySlice<SQLToken>, column: String?, lexer: SQLLexer) {
        let top = SchemaTokens.topLevelIndices(part, lexer: lexer)
        var foreignKeyColumns = column.map { [$0] } ?? []
        for (position, index) in top.enumerated() {
            let token = part[index]
            let next = position + 1 < top.count ? top[position + 1] : nil
            if lexer.isWord(token, "CHECK"), let inside = group(after: index, in: part, lexer: lexer) {
                checks.append(SchemaText.normalize(inside, in: lexer))
            } else if lexer.isWord(token, "COLLATE"), let column, let next,
                let name = lexer.identifier(of: part[next])
            {
                let folded = SchemaText.folded(name, upper: true)
                if folded != "BINARY" { collations[column.identifierKey] = folded }
            } else if lexer.isWord(token, "AS"), let column, let inside = group(after: index, in: part, lexer: lexer) {
                generatedExpressions[column.identifierKey] = SchemaText.normalize(inside, in: lexer)
            } else if lexer.isWord(token, "AUTOINCREMENT") {
                isAutoincrement = true
            } else if lexer.isWord(token, "FOREIGN"), let inside = group(after: index, in: part, lexer: lexer) {
                foreignKeyColumns = inside.compactMap { $0.kind == .symbol ? nil : lexer.identifier(of: $0) }
            } else if lexer.isWord(token, "DEFERRED"), position > 0, lexer.isWord(part[top[position - 1]], "INITIALLY"),
                !isNotDeferrable(part, top: top, before: position, lexer: lexer)
            {
                deferredForeignKeys.insert(Self.key(foreignKeyColumns))
            }
        }
    }

    /// The key under which a foreign key's deferral is recorded: its child columns, folded.
    static func key(_ columns: [String]) -> String {
        columns.map { SchemaText.folded($0, upper: false) }.joined(separator: ",")
    }

    /// The tokens inside the parentheses that open right after `index` (the `(` may follow further words,
    /// as in `FOREIGN KEY (`, `GENERATED ALWAYS AS (`).
    private func group(after index: Int, in part: ArraySlice<SQLToken>, lexer: SQLLexer) -> ArraySlice<SQLToken>? {
        var open = index + 1
        while open < part.endIndex, part[open].kind == .word, !lexer.isWord(part[open], "AS") { open += 1 }
        guard open < part.endIndex, lexer.text(of: part[open]) == "(",
            let close = SchemaTokens.closingParenthesis(of: open, in: part, lexer: lexer)
        else { return nil }
        return part[(open + 1)..<close]
    }

    /// Whether the `DEFERRABLE` before `INITIALLY DEFERRED` is `NOT DEFERRABLE`.
    private func isNotDeferrable(_ part: ArraySlice<SQLToken>, top: [Int], before position: Int, lexer: SQLLexer)
        -> Bool
    {
        guard position >= 3 else { return false }
        return lexer.isWord(part[top[position - 2]], "DEFERRABLE") && lexer.isWord(part[top[position - 3]], "NOT")
    }
}
