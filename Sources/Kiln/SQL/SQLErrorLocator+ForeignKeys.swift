extension SQLErrorLocator {
    /// Where a migration broke a foreign key of `child` to `parent` (`PRAGMA foreign_key_check` after it ran):
    /// the statement that made the parent's name dangle or took its rows, rather than the first statement
    /// that happens to name the child. In order of blame: an `ALTER TABLE … RENAME` to or from the parent's
    /// name (SQLite rewrote the child's key to follow it), a `DROP TABLE` of the parent, a `DELETE FROM` or
    /// `UPDATE` of the parent; else the first mention of the child, else of the parent, else the first
    /// statement.
    static func locate(foreignKeyOf child: String, to parent: String, in migration: Migration) -> SourceLocation {
        let lexer = SQLLexer(bytes: migration.source.bytes)
        let rules: [(SQLStatementRange) -> Bool] = [
            { renames(parent, $0, lexer) }, { starts($0, ["drop", "table"], naming: parent, lexer) },
            { starts($0, ["delete", "from"], naming: parent, lexer) || starts($0, ["update"], naming: parent, lexer) },
        ]
        for rule in rules {
            if let statement = migration.statements.first(where: rule) {
                return migration.source.location(ofByte: statement.range.lowerBound)
            }
        }
        let named = [child, parent].lazy.compactMap { name in
            migration.statements.lazy.compactMap { token(named: name, in: $0, source: migration.source) }.first
        }.first
        return migration.source.location(
            ofByte: named?.range.lowerBound ?? migration.statements.first?.range.lowerBound ?? 0)
    }

    /// Whether `statement` is `ALTER TABLE old RENAME TO new` with `name` as either.
    private static func renames(_ name: String, _ statement: SQLStatementRange, _ lexer: SQLLexer) -> Bool {
        let tokens = statement.tokens
        guard tokens.count >= 6, lexer.isWord(tokens[0], "alter"), lexer.isWord(tokens[1], "table"),
            let renameAt = tokens.firstIndex(where: { lexer.isWord($0, "rename") }), renameAt + 2 < tokens.count,
            lexer.isWord(tokens[renameAt + 1], "to")
        else { return false }
        let old = lexer.identifier(of: tokens[renameAt - 1])
        let new = lexer.identifier(of: tokens[renameAt + 2])
        return [old, new].contains { $0?.isSameIdentifier(as: name) == true }
    }

    /// Whether `statement` starts with `words` (then `IF EXISTS`, a schema name) and then names `name`.
    private static func starts(
        _ statement: SQLStatementRange, _ words: [String], naming name: String, _ lexer: SQLLexer
    ) -> Bool {
        let tokens = statement.tokens
        guard tokens.count > words.count, zip(tokens, words).allSatisfy({ lexer.isWord($0, $1) }) else {
            return false
        }
        var rest = tokens.dropFirst(words.count)
        if let first = rest.first, lexer.isWord(first, "if") { rest = rest.dropFirst(2) }
        if rest.count >= 3, lexer.text(of: rest[rest.startIndex + 1]) == "." { rest = rest.dropFirst(2) }
        return rest.first.flatMap(lexer.identifier(of:))?.isSameIdentifier(as: name) == true
    }
}
