/// What the build of one database is doing, for a progress display: reported as each step starts, and while
/// seeds load, as often as ``SeedProgress`` is.
package struct BuildProgress: Sendable, Equatable {
    /// A step of the build of one database, in the order they happen.
    package enum Step: Sendable, Equatable {
        /// A migration is about to run: `version` of the newest, `latest`.
        case migrating(version: Int32, of: Int32)
        /// Seeds are loading.
        case seeding(SeedProgress)
        /// `ANALYZE` runs (when the database's settings ask for it).
        case analyzing
        /// The integrity and foreign-key checks run.
        case checking
        /// The file is switched to rollback-journal mode, vacuumed, hashed and verified.
        case sealing
        /// The fresh file is put in place of the old one.
        case publishing
        /// The database is done: built, up to date, or failed (its outcome says which).
        case finished
    }

    /// The database being built.
    package let database: String
    /// What its build is doing.
    package let step: Step

    /// A progress value for `database`.
    package init(database: String, step: Step) {
        self.database = database
        self.step = step
    }
}
