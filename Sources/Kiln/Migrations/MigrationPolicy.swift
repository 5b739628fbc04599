/// What a migration file may not do because the migrator owns it: transactions, the version, the foreign-key
/// setting, the journal mode, and anything that reaches outside the one database file.
///
/// Each statement is judged by its leading keywords, outside strings and comments; a `BEGIN` or `END`
/// inside a trigger body is part of a `CREATE TRIGGER` statement and is allowed.
public enum MigrationPolicy {
    /// The first violation in a statement: the offending token and the reason, or nil when it is allowed.
    public static func violation(in statement: SQLStatementRange, lexer: SQLLexer) -> (
        token: SQLToken, reason: String, hint: String
    )? {
        var tokens = statement.tokens[...]
        // `EXPLAIN` and `EXPLAIN QUERY PLAN` still run what follows them.
        if let first = tokens.first, lexer.isWord(first, "explain") {
            tokens = tokens.dropFirst()
            if let next = tokens.first, lexer.isWord(next, "query") { tokens = tokens.dropFirst(2) }
        }
        guard let head = tokens.first else { return nil }
        for keyword in ["begin", "commit", "end", "rollback", "savepoint", "release"] where lexer.isWord(head, keyword)
        {
            return (
                head, "migrations may not control transactions (\(keyword.uppercased()))",
                "the migrator runs each migration in its own transaction; remove this statement"
            )
        }
        if lexer.isWord(head, "vacuum") {
            return (
                head, "migrations may not run VACUUM", "VACUUM cannot run inside the migration's transaction; remove it"
            )
        }
        for keyword in ["attach", "detach"] where lexer.isWord(head, keyword) {
            return (
                head, "migrations may not \(keyword.uppercased()) databases",
                "a migration changes only the database it migrates; remove this statement"
            )
        }
        if lexer.isWord(head, "pragma") {
            var rest = tokens.dropFirst()
            // `PRAGMA schema.name`
            if rest.count >= 3, rest[rest.startIndex + 1].kind == .symbol,
                lexer.text(of: rest[rest.startIndex + 1]) == "."
            {
                rest = rest.dropFirst(2)
            }
            if let name = rest.first, let identifier = lexer.identifier(of: name)?.lowercased() {
                switch identifier {
                case "user_version":
                    return (
                        name, "migrations may not set PRAGMA user_version",
                        "the migrator sets the version from the file name"
                    )
                case "foreign_keys":
                    return (
                        name, "migrations may not change PRAGMA foreign_keys",
                        "the migrator turns foreign keys off while a migration runs and checks them before it commits"
                    )
                case "journal_mode":
                    return (
                        name, "migrations may not change PRAGMA journal_mode",
                        "the journal mode belongs to whoever opens the database, not to its schema"
                    )
                default: break
                }
            }
        }
        return nil
    }
}
