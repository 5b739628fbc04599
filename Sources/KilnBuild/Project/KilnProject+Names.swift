import Foundation
import Kiln

extension KilnProject {
    /// Checks that every database `kiln.json` configures has a migration folder, and that every table its
    /// `delimiters` and `textInNumericColumns` name has a seed file: a setting for a misspelled name would
    /// otherwise change nothing.
    ///
    /// Seeded tables are known from the seed files' names, before any schema is built, so a typo is refused by
    /// every command, at its key in `kiln.json`, with the closest name.
    ///
    /// - Throws: ``ConfigurationError`` with every unknown name, in document order, or ``FileSystemError`` when
    ///   `migrations/` cannot be listed.
    package func checkConfiguredNames() throws {
        let known = try databaseNames()
        var problems = configuration.unknownDatabaseProblems(known: known)
        for database in configuration.databases.keys.sorted() where known.contains(database) {
            let settings = configuration.settings(for: database)
            guard !settings.delimiters.isEmpty || !settings.textInNumericColumns.isEmpty else { continue }
            problems += configuration.unknownSeedTableProblems(
                of: database, seededTables: seededTables(of: database))
        }
        guard !problems.isEmpty else { return }
        throw ConfigurationError(
            problems.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
    }

    /// The tables `database`'s seed files fill; none when it has no seed folder.
    private func seededTables(of database: String) -> [String] {
        let folder = root.appendingPathComponent("seeds").appendingPathComponent(database).path
        let names = (try? FileSystem.contentsOfDirectory(folder)) ?? []
        return SeedFileName.seeds(among: names).map(SeedFileName.table(of:))
    }

    /// Refuses a migration edited since `kiln.sum` recorded it, reusing `kiln check`'s comparison; a database
    /// without `kiln.sum`, and migrations added since it was written, pass.
    ///
    /// - Throws: ``CheckError`` with a ``CheckFinding/Reason/migrationEdited(database:file:)`` per edited
    ///   migration (at the file), or the finding that says `kiln.sum` cannot be read; ``SQLiteError``
    ///   (`SQLITE_INTERRUPT`) after Ctrl-C.
    func verifySum(of set: MigrationSet) throws {
        let refused = MigrationIntegrityCheck.check(set, project: self).filter { finding in
            switch finding.reason {
            case .migrationEdited, .sumUnreadable, .sumLineUnreadable: true
            default: false
            }
        }
        // Ctrl-C stops the comparison, which then finds nothing: that is no pass.
        try SQLiteInterrupt.check()
        guard !refused.isEmpty else { return }
        throw CheckError(findings: refused)
    }
}
