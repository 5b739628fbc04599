import Kiln

extension PlanVerifier {
    /// The app's queries the planned migration breaks: those the review finds failing on the newest schema
    /// the planned migration gives (`text` run as migration `fileName` after the others on a new database)
    /// and not on the newest schema before it, each with what the plan renames or drops that SQLite names.
    ///
    /// - Parameters:
    ///   - plan: the plan, for what it renames and drops.
    ///   - fileName: the migration's file name.
    ///   - text: the text verification ran (placeholders replaced by their stand-ins).
    /// - Returns: the broken queries in file order; none without a review or a queries file.
    /// - Throws: ``PlanSQLiteError`` or ``PlanVerificationError`` when a database cannot be built.
    func brokenQueries(by plan: SchemaPlan, fileName: String, text: String) throws -> [BrokenQuery] {
        guard let review else { return [] }
        let database = migrator.migrations.database
        let planned = try plannedMigrator(fileName: fileName, text: text)
        let (before, after) = try PlanSQLiteError.during(.checkingAppQueries) {
            let current = try migrator.freshDatabase()
            let result: SQLiteConnection
            do { result = try planned.freshDatabase() } catch let error as MigrationError {
                throw PlanVerificationError(
                    .migrationFailed(dataSet: "an empty database", error),
                    statement: PlannedStatements(text).statement(at: error.location))
            }
            return (
                review.appQueryFailures(of: database, on: current), review.appQueryFailures(of: database, on: result)
            )
        }
        let failedBefore = Set(before.map(\.statement))
        let removals = PlanRemovals(plan)
        return after.filter { !failedBefore.contains($0.statement) }.map { failure in
            BrokenQuery(
                location: failure.location, message: failure.message,
                cause: removals.removal(namedIn: failure.message)?.description)
        }
    }
}
