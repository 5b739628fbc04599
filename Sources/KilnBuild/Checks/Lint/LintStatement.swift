import Foundation
import Kiln

/// One statement's tokens, read for what the lint rules need: which table it drops, copies from, creates or
/// renames, and where it copies data (``dataSteps``). Names are as written, unquoted; callers compare them with ``SQLIdentifierKey``.
struct LintStatement {
    let tokens: [SQLToken]
    let lexer: SQLLexer

    /// The statement's tokens in `lexer`'s text.
    init(_ statement: SQLStatementRange, lexer: SQLLexer) {
        self.tokens = statement.tokens
        self.lexer = lexer
    }

    /// Whether the token at `index` is the bare word `keyword`.
    func isWord(_ index: Int, _ keyword: String) -> Bool {
        index < tokens.count && lexer.isWord(tokens[index], keyword)
    }

    /// What the statement destroys, or nil.
    var destructiveKind: CheckFinding.DestructiveStatement? {
        if isWord(0, "drop"), isWord(1, "table") { return .dropTable }
        if isWord(0, "alter"), tokens.contains(where: { lexer.isWord($0, "drop") }) { return .dropColumn }
        if isWord(0, "delete"), !tokens.contains(where: { lexer.isWord($0, "where") }) { return .deleteWithoutWhere }
        return nil
    }

    /// The table of `DROP TABLE [IF EXISTS] [schema.]name`.
    var droppedTable: String? {
        guard isWord(0, "drop"), isWord(1, "table") else { return nil }
        return name(at: isWord(2, "if") && isWord(3, "exists") ? 4 : 2)?.name
    }

    /// Whether the statement is `DROP TABLE IF EXISTS …`.
    var dropsTableIfExists: Bool { isWord(0, "drop") && isWord(1, "table") && isWord(2, "if") && isWord(3, "exists") }

    /// The table of `CREATE [TEMP] TABLE [IF NOT EXISTS] [schema.]name`.
    var createdTable: String? {
        guard isWord(0, "create") else { return nil }
        var index = isWord(1, "temp") || isWord(1, "temporary") ? 2 : 1
        guard isWord(index, "table") else { return nil }
        index += isWord(index + 1, "if") && isWord(index + 2, "not") && isWord(index + 3, "exists") ? 4 : 1
        return name(at: index)?.name
    }

    /// The old and new names of `ALTER TABLE [schema.]old RENAME TO new`.
    var renamedTable: (from: String, to: String)? {
        guard isWord(0, "alter"), isWord(1, "table"), let old = name(at: 2), isWord(old.next, "rename"),
            isWord(old.next + 1, "to"), let new = name(at: old.next + 2)
        else { return nil }
        return (old.name, new.name)
    }

    /// The value `PRAGMA [schema.]legacy_alter_table = value` (or `(value)`) sets, or nil for other statements.
    var legacyAlterTable: Bool? {
        guard isWord(0, "pragma"), let pragma = name(at: 1), pragma.name.isSameIdentifier(as: "legacy_alter_table"),
            pragma.next + 1 < tokens.count
        else { return nil }
        let text = lexer.text(of: tokens[pragma.next + 1])
        let value = (SQLText.literalValue(text) ?? text).lowercased()
        return ["on", "1", "true", "yes"].contains(value)
    }

    /// The possibly schema-qualified name starting at `index`: the last part, and the index after it.
    func name(at index: Int) -> (name: String, next: Int)? {
        guard index < tokens.count, let first = lexer.identifier(of: tokens[index]) ?? string(at: index) else {
            return nil
        }
        if index + 2 < tokens.count, lexer.text(of: tokens[index + 1]) == ".",
            let second = lexer.identifier(of: tokens[index + 2])
        {
            return (second, index + 3)
        }
        return (first, index + 1)
    }

    /// A string literal used as a name (SQLite accepts `'name'` where a table name goes), unquoted.
    private func string(at index: Int) -> String? {
        guard tokens[index].kind == .string else { return nil }
        let text = lexer.text(of: tokens[index])
        return SQLText.literalValue(text) ?? text
    }
}
