/// What a migration file may not do because the migrator owns it: transactions, the version, the foreign-key
/// setting, the journal mode, and anything that reaches outside the one database file.
///
/// Each statement is judged by its leading keywords, outside strings and comments; a `BEGIN` or `END`
/// inside a trigger body is part of a `CREATE TRIGGER` statement and is allowed.
public enum MigrationPolicy {
    /// A rule a statement breaks.
    public enum Rule: Equatable, Sendable {
        /// `BEGIN`, `COMMIT`, `END`, `ROLLBACK`, `SAVEPOINT` or `RELEASE` (the keyword, uppercase).
        case transactionControl(String)
        /// `VACUUM`.
        case vacuum
        /// `ATTACH` or `DETACH` (the keyword, uppercase).
        case attachment(String)
        /// `PRAGMA user_version`.
        case userVersion
        /// `PRAGMA foreign_keys`.
        case foreignKeys
        /// `PRAGMA journal_mode`.
        case journalMode

        /// What the statement may not do, lowercase.
        public var message: String {
            switch self {
            case .transactionControl(let keyword): "migrations may not control transactions (\(keyword))"
            case .vacuum: "migrations may not run VACUUM"
            case .attachment(let keyword): "migrations may not \(keyword) databases"
            case .userVersion: "migrations may not set PRAGMA user_version"
            case .foreignKeys: "migrations may not change PRAGMA foreign_keys"
            case .journalMode: "migrations may not change PRAGMA journal_mode"
            }
        }

        /// Why, and what to do instead.
        public var hint: String {
            switch self {
            case .transactionControl: "the migrator runs each migration in its own transaction; remove this statement"
            case .vacuum: "VACUUM cannot run inside the migration's transaction; remove it"
            case .attachment: "a migration changes only the database it migrates; remove this statement"
            case .userVersion: "the migrator sets the version from the file name"
            case .foreignKeys:
                "the migrator turns foreign keys off while a migration runs and checks them before it commits"
            case .journalMode: "the journal mode belongs to whoever opens the database, not to its schema"
            }
        }
    }

    /// The first rule a statement breaks, with the offending token, or nil when it is allowed.
    ///
    /// - Returns: the token and the rule, or nil.
    package static func violation(in statement: SQLStatementRange, lexer: SQLLexer) -> (token: SQLToken, rule: Rule)? {
        // Enough for the longest form checked: `EXPLAIN QUERY PLAN PRAGMA schema . name`.
        var tokens = statement.tokens(prefix: 7)[...]
        // `EXPLAIN` and `EXPLAIN QUERY PLAN` still run what follows them.
        if let first = tokens.first, lexer.isWord(first, "explain") {
            tokens = tokens.dropFirst()
            if let next = tokens.first, lexer.isWord(next, "query") { tokens = tokens.dropFirst(2) }
        }
        guard let head = tokens.first else { return nil }
        for keyword in ["begin", "commit", "end", "rollback", "savepoint", "release"] where lexer.isWord(head, keyword)
        {
            return (head, .transactionControl(keyword.uppercased()))
        }
        if lexer.isWord(head, "vacuum") { return (head, .vacuum) }
        for keyword in ["attach", "detach"] where lexer.isWord(head, keyword) {
            return (head, .attachment(keyword.uppercased()))
        }
        guard lexer.isWord(head, "pragma") else { return nil }
        return pragmaViolation(tokens.dropFirst(), lexer: lexer)
    }

    /// The rule a `PRAGMA` breaks, given the tokens after `PRAGMA`.
    private static func pragmaViolation(_ tokens: ArraySlice<SQLToken>, lexer: SQLLexer) -> (
        token: SQLToken, rule: Rule
    )? {
        var rest = tokens
        // `PRAGMA schema.name`
        if rest.count >= 3, rest[rest.startIndex + 1].kind == .symbol, lexer.text(of: rest[rest.startIndex + 1]) == "."
        {
            rest = rest.dropFirst(2)
        }
        guard let name = rest.first, let identifier = lexer.identifier(of: name)?.identifierKey.description else {
            return nil
        }
        switch identifier {
        case "user_version": return (name, .userVersion)
        case "foreign_keys": return (name, .foreignKeys)
        case "journal_mode": return (name, .journalMode)
        default: return nil
        }
    }
}
