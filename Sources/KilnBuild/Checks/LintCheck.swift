import Kiln

/// Warnings that do not fail a check unless it is strict.
enum LintCheck {
    /// DROP TABLE, DROP COLUMN and DELETE without WHERE in migrations after the first: they destroy user data
    /// on devices that upgrade.
    ///
    /// - Returns: a warning at each such statement.
    static func destructiveStatements(_ set: MigrationSet) -> [CheckFinding] {
        set.migrations.dropFirst().flatMap { migration in
            let lexer = SQLLexer(bytes: migration.source.bytes)
            return migration.statements.compactMap { statement -> CheckFinding? in
                guard let first = statement.tokens.first, let kind = destructiveKind(statement.tokens, lexer: lexer)
                else { return nil }
                return CheckFinding(
                    .destructiveMigration(kind), at: migration.source.location(ofByte: first.range.lowerBound))
            }
        }
    }

    /// What a statement destroys, by its tokens, or nil.
    private static func destructiveKind(_ tokens: [SQLToken], lexer: SQLLexer) -> CheckFinding.DestructiveStatement? {
        guard let first = tokens.first else { return nil }
        if lexer.isWord(first, "drop"), tokens.count > 1, lexer.isWord(tokens[1], "table") { return .dropTable }
        if lexer.isWord(first, "alter"), tokens.contains(where: { lexer.isWord($0, "drop") }) { return .dropColumn }
        if lexer.isWord(first, "delete"), !tokens.contains(where: { lexer.isWord($0, "where") }) {
            return .deleteWithoutWhere
        }
        return nil
    }

    /// Seeded tables without a primary key: their rows cannot be matched by an upsert or a sync, nor
    /// refreshed reliably.
    ///
    /// - Returns: a warning at each such seed file.
    static func seedsWithoutPrimaryKey(_ seeds: [SeedFile], tables: [SQLIdentifierKey: TableSchema]) -> [CheckFinding] {
        seeds.compactMap { seed in
            guard let table = tables[seed.tableName.identifierKey], table.primaryKey.isEmpty else { return nil }
            return CheckFinding(
                .seedWithoutPrimaryKey(table: table.name),
                at: SourceLocation(path: seed.displayPath, line: 1, column: 1))
        }
    }
}
