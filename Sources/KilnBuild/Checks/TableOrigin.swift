import Kiln

/// Where a table got the definition it has at a version: the last statement of a migration up to that version
/// that creates it (`CREATE TABLE`) or renames another table to it (the end of a rebuild).
enum TableOrigin {
    /// The location of that statement's first token.
    ///
    /// - Parameters:
    ///   - table: the table, as SQLite names it.
    ///   - set: the migrations.
    ///   - version: the newest migration to look in.
    /// - Returns: the location, or nil when no migration up to `version` creates the table by name.
    static func location(of table: String, in set: MigrationSet, through version: Int32) -> SourceLocation? {
        for migration in set.migrations.reversed() where migration.version <= version {
            let lexer = SQLLexer(bytes: migration.source.bytes)
            for range in migration.statements.reversed() {
                let statement = LintStatement(range, lexer: lexer)
                let defined = statement.createdTable ?? statement.renamedTable?.to
                guard let defined, defined.isSameIdentifier(as: table) else { continue }
                return migration.source.location(ofByte: range.range.lowerBound)
            }
        }
        return nil
    }
}
