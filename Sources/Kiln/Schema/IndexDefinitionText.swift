/// What a stored `CREATE INDEX` statement says beyond what SQLite's pragmas report: each term's expression
/// and a partial index's condition, both in ``SchemaText`` form.
struct IndexDefinitionText {
    /// Every term's expression, without its `COLLATE` and `ASC`/`DESC`, in order.
    var terms: [String] = []
    /// The `WHERE` condition, or nil.
    var condition: String?

    /// Reads `sql`, an index's stored definition.
    init(_ sql: String) {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        guard let group = SchemaTokens.firstGroup(tokens[...], lexer: lexer) else { return }
        for part in SchemaTokens.splitAtCommas(group.inside, lexer: lexer) {
            var part = part
            if let last = part.last, lexer.isWord(last, "ASC") || lexer.isWord(last, "DESC") { part = part.dropLast() }
            let top = SchemaTokens.topLevelIndices(part, lexer: lexer)
            if let collate = top.last(where: { lexer.isWord(part[$0], "COLLATE") }) { part = part[..<collate] }
            terms.append(SchemaText.normalize(part, in: lexer))
        }
        if let whereIndex = group.after.firstIndex(where: { lexer.isWord($0, "WHERE") }) {
            condition = SchemaText.normalize(group.after[(whereIndex + 1)...], in: lexer)
        }
    }
}
