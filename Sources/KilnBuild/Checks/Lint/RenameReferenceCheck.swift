import Kiln

/// `rename-referenced-table`: `ALTER TABLE x RENAME TO y` while other tables reference `x` by foreign key.
/// SQLite 3.26 and later rewrite those references to `y`, so they dangle once `y` is dropped: the wrong-way
/// rebuild (rename the old table, create the new one, copy, drop the old). SQLite says which tables reference
/// `x`: an empty in-memory database is migrated through the chain and its schema model read before each
/// migration that renames a table.
enum RenameReferenceCheck {
    /// One rename of a migration.
    private struct Rename {
        let from: String
        let to: String
        let offset: Int
    }

    /// The warnings for `migrator`'s migrations, whose allow comments are `allowances` (one per migration).
    /// The chain runs with the migrator as the project configures it (its collations and functions, its
    /// double-quoted-string setting), as the build does.
    ///
    /// - Returns: a warning per rename of a referenced table; none when the chain cannot be migrated (the
    ///   build reports why).
    static func findings(_ migrator: Migrator, allowances: [LintAllowances]) -> [CheckFinding] {
        let set = migrator.migrations
        let renames = Array(
            zip(set.migrations, allowances).untilInterrupted.map { renamesToCheck(in: $0, allowed: $1) })
        guard renames.contains(where: { !$0.isEmpty }) else { return [] }
        var findings: [CheckFinding] = []
        do {
            let connection = try SQLiteConnection(path: ":memory:")
            for (migration, found) in zip(set.migrations, renames) where !found.isEmpty {
                if migration.version > 1 { try migrator.migrate(connection, to: migration.version - 1) }
                let references = try referencingTables(connection)
                for rename in found {
                    let referencing = (references[rename.from.identifierKey] ?? []).filter {
                        !$0.isSameIdentifier(as: rename.from)
                    }
                    guard !referencing.isEmpty else { continue }
                    findings.append(
                        CheckFinding(
                            .renameReferencedTable(table: rename.from, newName: rename.to, referencedBy: referencing),
                            at: migration.source.location(ofByte: rename.offset)))
                }
            }
        } catch {
            return findings
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
            result.append(Rename(from: from, to: to, offset: range.range.lowerBound))
        }
        return result
    }

    /// The tables that reference each table by foreign key, sorted by name.
    private static func referencingTables(_ connection: SQLiteConnection) throws -> [SQLIdentifierKey: [String]] {
        try SchemaModel.referencingTables(in: connection)
    }
}
