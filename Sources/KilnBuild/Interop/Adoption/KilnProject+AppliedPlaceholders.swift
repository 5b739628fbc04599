import Kiln

/// The migrator `migrate --adopt` runs, with the placeholders below the adopted version left out.
package struct AdoptionMigrator: Sendable {
    /// The migrator: the tool's tracking table left out of the baseline's comparison, and the placeholder
    /// statements of migrations 1 to the adopted version blanked.
    package let migrator: Migrator
    /// The migrations at or below the adopted version that still hold a placeholder (a code migration `kiln
    /// import` wrote one for, not ported yet), in order: the tool applied them, so they count as applied.
    package let appliedPlaceholders: [Migration]
}

extension KilnProject {
    /// The migrator `migrate --adopt` runs on a database another tool migrated to kiln version `adoption.version`
    /// (N): `migrator`'s, except that each statement holding a `kiln_placeholder(...)` call in migrations 1 to
    /// N is left out, its bytes blanked so that every location stays where it was. Those migrations never run
    /// on the file (it is baselined at N); they only build, in memory, the schema it is compared with. A
    /// placeholder there stands for code the tool already ran on the database (a goose Go migration), so the
    /// comparison is with what the SQL migrations make: a code migration that changed the schema shows as a
    /// difference until its SQL is written, one that changed only rows does not. Placeholders above N stay,
    /// and migrate fails at the first, located.
    ///
    /// - Parameters:
    ///   - migrator: the database's migrator (``migrator(for:)``, which verified `kiln.sum`).
    ///   - adoption: what ``adoption(for:fileAt:shownAs:acceptingEdited:)`` found.
    /// - Returns: the migrator and the placeholder migrations left out.
    /// - Throws: ``SQLiteError`` (`SQLITE_INTERRUPT`) once Ctrl-C was pressed; the ``MigrationSetError`` of a
    ///   set that no longer validates (never for blanked statements: a file of comments is a valid migration).
    package func adoptionMigrator(_ migrator: Migrator, at adoption: Adoption) throws -> AdoptionMigrator {
        let set = migrator.migrations
        var applied: [Migration] = []
        var files: [(name: String, bytes: [UInt8])] = []
        for migration in set.migrations {
            try SQLiteInterrupt.check()
            let blanked = migration.version <= adoption.version ? Self.blankingPlaceholders(in: migration) : nil
            if blanked != nil { applied.append(migration) }
            files.append((migration.fileName, blanked ?? migration.source.bytes))
        }
        var result = migrator
        if !applied.isEmpty, let first = set.migrations.first {
            let folder = String(first.path.dropLast(first.fileName.count + 1))
            result = self.migrator(
                running: try MigrationSet(database: set.database, directoryPath: folder, files: files))
        }
        result.baselineIgnoredTables = [adoption.tableName]
        return AdoptionMigrator(migrator: result, appliedPlaceholders: applied)
    }

    /// The migration's bytes with every statement that calls `kiln_placeholder` turned into spaces (line breaks
    /// kept); nil when it has none.
    private static func blankingPlaceholders(in migration: Migration) -> [UInt8]? {
        var lexer = SQLLexer(bytes: migration.source.bytes)
        var bytes = migration.source.bytes
        var position = 0
        var found = false
        while let statement = SQLStatementSplitter.nextStatement(of: &lexer, from: &position) {
            let tokens = statement.tokens
            let calls = tokens.indices.contains { index in
                index + 1 < tokens.count && lexer.isWord(tokens[index], PlanPlaceholder.functionName)
                    && lexer.text(of: tokens[index + 1]) == "("
            }
            guard calls else { continue }
            found = true
            for offset in statement.range where bytes[offset] != 0x0A && bytes[offset] != 0x0D { bytes[offset] = 0x20 }
        }
        return found ? bytes : nil
    }
}
