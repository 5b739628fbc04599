import Kiln

/// `drop-table`, `drop-column` and `delete-without-where`: statements of a migration after the first that
/// destroy user data on devices that upgrade. A DROP whose data the migration copied first to a place that
/// outlives it is no loss (``MigrationDataFlow``: the 12-step rebuild, `INSERT … SELECT` or `UPDATE` into another
/// table or a new column, a backup table restored later), nor is the DROP of a `TEMP` table the migration made,
/// nor `DROP TABLE IF EXISTS` of a table that does not exist at that statement: which tables exist when the
/// migration starts comes from a walk of the chain (a ``Rehearsal``) for the versions
/// ``versionsToRead(_:allowances:)`` names.
enum DestructiveCheck {
    /// The migrations before which the tables must be listed: those after the first with a
    /// `DROP TABLE IF EXISTS` their allow comments do not silence.
    ///
    /// - Returns: their versions.
    static func versionsToRead(_ set: MigrationSet, allowances: [LintAllowances]) -> [Int32] {
        zip(set.migrations, allowances).untilInterrupted.compactMap { migration, allowed in
            guard migration.version > 1 else { return nil }
            let lexer = SQLLexer(bytes: migration.source.bytes)
            let asks = migration.statements.indices.contains { index in
                LintStatement(migration.statements[index], lexer: lexer).dropsTableIfExists
                    && !allowed.allows(.dropTable, statementAt: index)
            }
            return asks ? migration.version : nil
        }
    }

    /// The warnings of `migration`, whose allow comments are `allowed`.
    ///
    /// - Parameters:
    ///   - migration: the migration, after the first.
    ///   - allowed: its allow comments.
    ///   - tables: the tables the database has just before the migration runs; nil when unknown (no
    ///     walk, or one that did not get there), so that `DROP TABLE IF EXISTS` of a table the migration did not
    ///     itself drop or rename away warns.
    /// - Returns: a warning at each destructive statement its allow comments do not silence.
    static func findings(
        _ migration: Migration, allowed: LintAllowances, tables: Set<SQLIdentifierKey>?
    ) -> [CheckFinding] {
        let lexer = SQLLexer(bytes: migration.source.bytes)
        var flow: MigrationDataFlow?
        var findings: [CheckFinding] = []
        for (index, range) in migration.statements.enumerated() {
            let statement = LintStatement(range, lexer: lexer)
            guard let kind = statement.destructiveKind, !allowed.allows(kind.rule, statementAt: index) else {
                continue
            }
            let steps = flow ?? MigrationDataFlow(migration)
            flow = steps
            if kind != .deleteWithoutWhere, steps.dropKeepsData(atStatement: index) { continue }
            if statement.dropsTableIfExists, let table = statement.droppedTable,
                steps.exists(table.identifierKey, beforeStatement: index, tables: tables) == false
            {
                continue
            }
            findings.append(
                CheckFinding(.destructiveMigration(kind), at: migration.source.location(ofByte: range.range.lowerBound))
            )
        }
        return findings
    }
}
