import Kiln

/// What `kiln check` would refuse in a planned migration, found by reading it before the plan is proven on
/// data. Planning declares the question and ``PlanVerifier`` asks it; the checks answer it
/// (`PlannedMigrationCheck`), so planning needs none of `kiln check`'s rules.
package protocol PlannedMigrationReview {
    /// The errors in the newest migration of `planned` (the planned one).
    ///
    /// - Parameters:
    ///   - planned: the database's migrator with the planned migration after its newest one.
    ///   - floor: the oldest SQLite the app runs on (`minimumSQLite` in `kiln.json`), nil when unset.
    /// - Returns: the errors as diagnostics, in file order; none when the file passes.
    func errors(in planned: Migrator, floor: SQLiteVersion?) -> [Diagnostic]
}
