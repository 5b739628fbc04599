import Kiln

/// Warnings that do not fail a check unless it is strict, each named by its ``LintRule`` and silenced for one
/// statement by `-- kiln:allow <rule>` (see ``LintAllowances``).
enum LintCheck {
    /// The lint of a database's migrations: destructive statements in migrations after the first (a DROP
    /// whose data was copied first excepted, see ``DestructiveCheck``), renames of tables other tables
    /// reference, and allow comments naming no rule.
    ///
    /// - Parameters:
    ///   - set: the migrations.
    ///   - rehearsal: a walk of the chain that kept what ``questions(of:)`` asks (the tables that reference
    ///     each table before a migration that renames one, the tables before one that drops a table if it
    ///     exists); nil to leave the renames unchecked and every `DROP TABLE IF EXISTS` warned (a planned
    ///     migration, whose warnings are not reported).
    /// - Returns: the findings, migration by migration, then the renames.
    static func migrations(_ set: MigrationSet, rehearsal: Rehearsal? = nil) -> [CheckFinding] {
        let allowances = allowances(of: set)
        var findings: [CheckFinding] = []
        for (migration, allowed) in zip(set.migrations, allowances).untilInterrupted {
            findings += allowed.problems
            if migration.version > 1 {
                findings += DestructiveCheck.findings(
                    migration, allowed: allowed, tables: rehearsal?.tables[migration.version])
            }
        }
        guard let rehearsal else { return findings }
        return findings
            + RenameReferenceCheck.findings(set, allowances: allowances) { rehearsal.references[$0] }
    }

    /// The lint of `migrator`'s migrations, the renames and drops checked on a walk of the chain of its own
    /// (``Rehearsal/walk(_:)``): for a caller with no build to ride along.
    ///
    /// - Returns: the findings, migration by migration, then the renames.
    static func migrations(_ migrator: Migrator) -> [CheckFinding] {
        let set = migrator.migrations
        let asked = questions(of: set)
        let rehearsal = Rehearsal(
            newestVersion: set.latestVersion, referencesBefore: asked.references, tablesBefore: asked.tables
        ).walk(migrator)
        return migrations(set, rehearsal: rehearsal)
    }

    /// The versions before whose migration the lint asks the schema: for the foreign keys (renames to check)
    /// and for the tables (`DROP TABLE IF EXISTS` to check).
    static func questions(of set: MigrationSet) -> (references: [Int32], tables: [Int32]) {
        let allowances = allowances(of: set)
        return (
            RenameReferenceCheck.versionsToRead(set, allowances: allowances),
            DestructiveCheck.versionsToRead(set, allowances: allowances)
        )
    }

    /// The allow comments of each migration of `set`, in order.
    static func allowances(of set: MigrationSet) -> [LintAllowances] {
        Array(set.migrations.untilInterrupted.map { LintAllowances(source: $0.source, statements: $0.statements) })
    }

    /// Seeded tables without a primary key: their rows cannot be matched by an upsert or a sync, nor
    /// refreshed reliably. A CSV holds no comments, so the allow comment goes on the statement that gives the
    /// table its definition (its `CREATE TABLE`, or the `CREATE TABLE` and `RENAME TO` of a rebuild).
    ///
    /// - Returns: a warning at each such seed file.
    static func seedsWithoutPrimaryKey(
        _ seeds: [SeedFile], tables: [SQLIdentifierKey: TableSchema], migrations: MigrationSet?
    ) -> [CheckFinding] {
        let allowed = migrations.map(tablesAllowingSeedsWithoutPrimaryKey) ?? []
        return seeds.compactMap { seed in
            guard let table = tables[seed.tableName.identifierKey], table.primaryKey.isEmpty,
                !allowed.contains(table.name.identifierKey)
            else { return nil }
            return CheckFinding(
                .seedWithoutPrimaryKey(table: table.name),
                at: SourceLocation(path: seed.displayPath, line: 1, column: 1))
        }
    }

    /// The tables, by their names after the last migration, whose defining statement allows
    /// `seed-without-primary-key`: a `CREATE TABLE`, carried through `RENAME TO` (which may allow it too).
    private static func tablesAllowingSeedsWithoutPrimaryKey(_ set: MigrationSet) -> Set<SQLIdentifierKey> {
        var allowed = Set<SQLIdentifierKey>()
        for migration in set.migrations.untilInterrupted {
            let allowances = LintAllowances(source: migration.source, statements: migration.statements)
            let lexer = SQLLexer(bytes: migration.source.bytes)
            for (index, range) in migration.statements.enumerated() {
                let statement = LintStatement(range, lexer: lexer)
                let allows = allowances.allows(.seedWithoutPrimaryKey, statementAt: index)
                if let table = statement.createdTable {
                    if allows { allowed.insert(table.identifierKey) } else { allowed.remove(table.identifierKey) }
                } else if let (from, to) = statement.renamedTable {
                    let carried = allowed.remove(from.identifierKey) != nil
                    if allows || carried { allowed.insert(to.identifierKey) } else { allowed.remove(to.identifierKey) }
                } else if let table = statement.droppedTable {
                    allowed.remove(table.identifierKey)
                }
            }
        }
        return allowed
    }
}
