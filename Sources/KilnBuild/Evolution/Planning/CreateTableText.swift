import Kiln

/// A stored `CREATE TABLE` statement read by tokens (``SQLLexer``): each column definition's own text, and the
/// statement with the table's name replaced, never by matching patterns in the raw text.
struct CreateTableText {
    /// One column definition of the statement.
    struct ColumnDefinition {
        /// The definition as written, from the column's name to its last constraint.
        let text: String
        /// Whether `ALTER TABLE … ADD COLUMN` accepts it as SQLite documents
        /// (<https://www.sqlite.org/lang_altertable.html#altertabaddcol>) by its words: no `PRIMARY KEY` or
        /// `UNIQUE`, a default that is neither `CURRENT_TIME`/`CURRENT_DATE`/`CURRENT_TIMESTAMP` nor an
        /// expression in parentheses. The rules about `NOT NULL`, `REFERENCES`, `CHECK` (which existing rows
        /// must pass) and generated columns need the model and are the caller's.
        let allowsAddColumn: Bool
        /// How many `CHECK` constraints it has.
        let checkCount: Int
        /// Whether it has a `REFERENCES` clause.
        let hasReferences: Bool
    }

    private let lexer: SQLLexer
    private let tokens: [SQLToken]

    /// Reads `sql`, a table's stored definition.
    init(_ sql: String) {
        var lexer = SQLLexer(sql)
        tokens = lexer.tokens()
        self.lexer = lexer
    }

    /// The column definitions, by folded column name.
    func columnDefinitions() -> [SQLIdentifierKey: ColumnDefinition] {
        guard let group = SchemaTokens.firstGroup(tokens[...], lexer: lexer) else { return [:] }
        var result: [SQLIdentifierKey: ColumnDefinition] = [:]
        let constraintWords = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]
        for part in SchemaTokens.splitAtCommas(group.inside, lexer: lexer) {
            guard let first = part.first, let last = part.last,
                !(first.kind == .word && constraintWords.contains { lexer.isWord(first, $0) }),
                let name = lexer.identifier(of: first)
            else { continue }
            let text = String(decoding: lexer.bytes[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
            result[name.identifierKey] = ColumnDefinition(
                text: text, allowsAddColumn: allowsAddColumn(part),
                checkCount: SchemaTokens.topLevelIndices(part, lexer: lexer).filter { lexer.isWord(part[$0], "CHECK") }
                    .count,
                hasReferences: part.contains { lexer.isWord($0, "REFERENCES") })
        }
        return result
    }

    private func allowsAddColumn(_ part: ArraySlice<SQLToken>) -> Bool {
        let top = SchemaTokens.topLevelIndices(part, lexer: lexer)
        for (position, index) in top.enumerated() {
            if ["PRIMARY", "UNIQUE"].contains(where: { lexer.isWord(part[index], $0) }) { return false }
            guard lexer.isWord(part[index], "DEFAULT"), position + 1 < top.count else { continue }
            let value = part[top[position + 1]]
            if lexer.text(of: value) == "(" { return false }
            if ["CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"].contains(where: { lexer.isWord(value, $0) }) {
                return false
            }
        }
        return true
    }

    /// The statement with the table's name (and its schema, if written) replaced by `newName`, quoted; the
    /// rest of the text (references to the old name among them) as written. The name is the token before the
    /// column list, or before `USING` in a `CREATE VIRTUAL TABLE`.
    func renamed(to newName: String) -> String? {
        guard var open = tokens.firstIndex(where: { $0.kind == .symbol && lexer.text(of: $0) == "(" }) else {
            return nil
        }
        if let using = tokens[..<open].firstIndex(where: { lexer.isWord($0, "USING") }) { open = using }
        guard open >= 3 else { return nil }
        var start = open - 1
        if start >= 2, lexer.text(of: tokens[start - 1]) == "." { start -= 2 }
        let bytes = lexer.bytes
        let before = bytes[..<tokens[start].range.lowerBound]
        let after = bytes[tokens[open - 1].range.upperBound...]
        return String(decoding: before, as: UTF8.self) + quoted(newName) + String(decoding: after, as: UTF8.self)
    }
}
