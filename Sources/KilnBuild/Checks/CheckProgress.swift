/// What the check of one database is doing, for a progress display: reported as each step starts, and while
/// its fresh builds run, as often as ``BuildProgress`` is.
package struct CheckProgress: Sendable, Equatable {
    /// A step of the check of one database, in the order they happen.
    package enum Step: Sendable, Equatable {
        /// The migration files are read and checked: `kiln.sum`, SQLite features, lint, the schema file.
        case migrationFiles
        /// Fresh build `attempt` of `count` (two, whose bytes must be equal) is at `step`.
        case building(attempt: Int, of: Int, step: BuildProgress.Step)
        /// The upgrade chain has migrated its database with data to `version` of the newest, `latest`.
        case upgradePaths(version: Int32, of: Int32)
        /// A developer's fixture at `version` is loaded and upgraded on a path of its own.
        case fixture(version: Int32)
        /// App queries are prepared and their plans inspected.
        case appQueries
    }

    /// The database being checked.
    package let database: String
    /// What its check is doing.
    package let step: Step

    /// A progress value for `database`.
    package init(database: String, step: Step) {
        self.database = database
        self.step = step
    }
}
