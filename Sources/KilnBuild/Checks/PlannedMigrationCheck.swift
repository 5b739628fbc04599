import Kiln

/// The ``PlannedMigrationReview`` of `kiln check`: the errors it would report in the planned migration from
/// reading it, a feature newer than `minimumSQLite` and a `-- kiln:allow` comment that names no rule or
/// silences nothing; and the app's queries that do not prepare on a schema, as its app-query rule prepares
/// them (``AppQueryCheck``). Placeholders are not among the errors: the text verification runs has their
/// stand-ins.
struct PlannedMigrationCheck: PlannedMigrationReview {
    /// The project whose `queries/` the app-query rule reads.
    let project: KilnProject

    func errors(in planned: Migrator, floor: SQLiteVersion?) -> [Diagnostic] {
        guard let migration = planned.migrations.migrations.last else { return [] }
        var findings = LintCheck.migrations(planned.migrations)
        if let floor {
            findings += FeatureFloorCheck.check(
                source: migration.source, statements: migration.statements, floor: floor)
        }
        return findings.filter { $0.severity == .error && $0.location?.path == migration.path }.flatMap(\.diagnostics)
    }

    func appQueryFailures(of database: String, on connection: SQLiteConnection) -> [AppQueryFailure] {
        guard let file = AppQueryRule.read(database, in: project).file else { return [] }
        return AppQueryCheck.failures(of: file, against: connection).map { start, finding in
            let message =
                switch finding.reason {
                case .queryFailed(let message): message
                case .queryUnpreparable(let description): description
                default: finding.diagnostics.first?.message ?? ""
                }
            return AppQueryFailure(statement: start, location: finding.location ?? start, message: message)
        }
    }
}

extension KilnProject {
    /// Plans, proves and words the next migration of `database` (`kiln plan`), refusing a migration
    /// `kiln check` would fail or that breaks an app query (``PlannedMigrationCheck``). Nothing is written.
    ///
    /// - Parameters:
    ///   - database: the database.
    ///   - options: renames, and whether data may be lost or queries broken.
    ///   - words: the words of the file name; nil to name it after the steps.
    /// - Returns: the migration, or nil when the schema file matches the migrations.
    /// - Throws: what ``planMigration(for:options:words:review:)`` throws.
    package func planMigration(
        for database: String, options: SchemaPlanOptions = SchemaPlanOptions(), words: [String]? = nil
    ) throws -> PlannedMigration? {
        try planMigration(for: database, options: options, words: words, review: PlannedMigrationCheck(project: self))
    }
}
