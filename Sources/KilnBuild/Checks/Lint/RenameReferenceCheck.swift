import Kiln

/// `rename-referenced-table`: `ALTER TABLE x RENAME TO y` while other tables reference `x` by foreign key.
/// SQLite 3.26 and later rewrite those references to `y`, so they dangle once `y` is dropped: the wrong-way
/// rebuild (rename the old table, create the new one, copy, drop the old). SQLite says which tables reference
/// `x` before each migration that renames a table: the caller asks a walk of the chain (a ``Rehearsal``, filled
/// by `kiln check`'s first fresh build) for the versions ``versionsToRead(_:allowances:)`` names. A referrer
/// the same migration drops after the rename (rebuilt, or renamed away and dropped) keeps no rewritten key, so
/// it is not named, and a rename whose referrers are all rebuilt is silent.
enum RenameReferenceCheck {
    /// One rename of a migration.
    private struct Rename {
        let from: String
        let to: String
        let offset: Int
        let statement: Int
    }

    /// The migrations before which the foreign keys must be read: those with a rename to check.
    ///
    /// - Returns: their versions.
    static func versionsToRead(_ set: MigrationSet, allowances: [LintAllowances]) -> [Int32] {
        zip(set.migrations, allowances).untilInterrupted.compactMap { migration, allowed in
            renamesToCheck(in: migration, allowed: allowed).isEmpty ? nil : migration.version
        }
    }

    /// The warnings for the migrations of `set`, whose allow comments are `allowances` (one per migration).
    ///
    /// - Parameters:
    ///   - set: the migrations.
    ///   - allowances: their allow comments, one per migration.
    ///   - references: the tables that reference each table just before the migration of a version runs
    ///     (`SchemaModel.referencingTables(in:)`); nil for a version the chain did not reach (the build
    ///     reports why).
    /// - Returns: a warning per rename of a table referenced by one the migration does not rebuild after it.
    static func findings(
        _ set: MigrationSet, allowances: [LintAllowances],
        references: (Int32) -> [SQLIdentifierKey: [String]]?
    ) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for (migration, allowed) in zip(set.migrations, allowances).untilInterrupted {
            let found = renamesToCheck(in: migration, allowed: allowed)
            guard !found.isEmpty, let before = references(migration.version) else { continue }
            let flow = MigrationDataFlow(migration)
            for rename in found {
                let referencing = (before[rename.from.identifierKey] ?? []).filter {
                    !$0.isSameIdentifier(as: rename.from)
                        && !flow.isDropped($0.identifierKey, afterStatement: rename.statement)
                }
                guard !referencing.isEmpty else { continue }
                findings.append(
                    CheckFinding(
                        .renameReferencedTable(table: rename.from, newName: rename.to, referencedBy: referencing),
                        at: migration.source.location(ofByte: rename.offset)))
            }
        }
        return findings
    }

    /// The renames of a migration that SQLite would rewrite references for: not allowed by a comment, and not
    /// after `PRAGMA legacy_alter_table=ON` in the same migration.
    private static func renamesToCheck(in migration: Migration, allowed: LintAllowances) -> [Rename] {
        let lexer = SQLLexer(bytes: migration.source.bytes)
        var legacy = false
        var result: [Rename] = []
        for (index, range) in migration.statements.enumerated() {
            let statement = LintStatement(range, lexer: lexer)
            if let setting = statement.legacyAlterTable { legacy = setting }
            guard !legacy, let (from, to) = statement.renamedTable,
                !allowed.allows(.renameReferencedTable, statementAt: index)
            else { continue }
            result.append(Rename(from: from, to: to, offset: range.range.lowerBound, statement: index))
        }
        return result
    }
}
