import Kiln

/// Warnings that do not fail a check unless `--strict`.
enum LintCheck {
    /// DROP TABLE, DROP COLUMN and DELETE without WHERE in migrations after the first: they destroy user data
    /// on devices that upgrade.
    static func destructiveStatements(_ set: MigrationSet) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for migration in set.migrations.dropFirst() {
            let lexer = SQLLexer(bytes: migration.source.bytes)
            for statement in migration.statements {
                let tokens = statement.tokens
                guard let first = tokens.first else { continue }
                var what: String?
                if lexer.isWord(first, "drop"), tokens.count > 1, lexer.isWord(tokens[1], "table") {
                    what = "DROP TABLE"
                } else if lexer.isWord(first, "alter"), tokens.contains(where: { lexer.isWord($0, "drop") }) {
                    what = "DROP COLUMN"
                } else if lexer.isWord(first, "delete"), !tokens.contains(where: { lexer.isWord($0, "where") }) {
                    what = "DELETE without WHERE"
                }
                if let what {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "\(what) in a migration after the first deletes user data on every device that upgrades",
                            at: migration.source.location(ofByte: first.range.lowerBound),
                            hint:
                                "if the data must go, say so in a comment; consider copying it first (the 12-step table rebuild keeps rows)",
                            code: "destructive-migration"))
                }
            }
        }
        return diagnostics
    }

    /// Seeded tables without a primary key: their rows cannot be matched by `--mode upsert` or `sync`, nor
    /// refreshed reliably.
    static func seedsWithoutPrimaryKey(_ seeds: [SeedFile], tables: [String: TableSchema]) -> [Diagnostic] {
        seeds.compactMap { seed in
            guard let table = tables[seed.tableName.lowercased()], table.primaryKey.isEmpty else { return nil }
            return Diagnostic(
                .warning, "table '\(table.name)' has a seed but no primary key",
                at: SourceLocation(path: seed.displayPath, line: 1, column: 1),
                hint: "give it a PRIMARY KEY so seed rows can be updated and synced by key",
                code: "seed-without-primary-key")
        }
    }
}
