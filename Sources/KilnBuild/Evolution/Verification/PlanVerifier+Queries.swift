import Kiln

extension PlanVerifier {
    /// The app's queries the planned migration breaks: those the review finds failing on `result`, a database
    /// with the schema the plan was proven to give (the schema file's), and not on the newest schema before
    /// it, each with what the plan renames or drops that SQLite names. No row is involved: queries are only
    /// prepared, so the plan is not run again on data (its placeholders' stand-ins could fail on rows).
    ///
    /// - Parameters:
    ///   - plan: the plan, for what it renames and drops.
    ///   - result: a database with the planned schema, prepared as the migrator prepares connections.
    /// - Returns: the broken queries in file order; none without a review or a queries file.
    /// - Throws: ``PlanSQLiteError`` when the schema before the plan cannot be built, or the migrations' errors.
    func brokenQueries(by plan: SchemaPlan, result: SQLiteConnection) throws -> [BrokenQuery] {
        guard let review else { return [] }
        let database = migrator.migrations.database
        let current = try PlanSQLiteError.during(.checkingAppQueries) { try migrator.freshDatabase() }
        let failedBefore = Set(review.appQueryFailures(of: database, on: current).map(\.statement))
        let removals = PlanRemovals(plan)
        return review.appQueryFailures(of: database, on: result).filter { !failedBefore.contains($0.statement) }.map {
            BrokenQuery(
                location: $0.location, message: $0.message, cause: removals.removal(namedIn: $0.message)?.description)
        }
    }
}
