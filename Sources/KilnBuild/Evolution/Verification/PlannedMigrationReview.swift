import Kiln

/// What `kiln check` would refuse in a planned migration, found by reading it before the plan is proven on
/// data, and the app's queries it would find broken. Planning declares the questions and ``PlanVerifier``
/// asks them; the checks answer them (`PlannedMigrationCheck`), so planning needs none of `kiln check`'s rules.
package protocol PlannedMigrationReview {
    /// The errors in the newest migration of `planned` (the planned one).
    ///
    /// - Parameters:
    ///   - planned: the database's migrator with the planned migration after its newest one.
    ///   - floor: the oldest SQLite the app runs on (`minimumSQLite` in `kiln.json`), nil when unset.
    /// - Returns: the errors as diagnostics, in file order; none when the file passes.
    func errors(in planned: Migrator, floor: SQLiteVersion?) -> [Diagnostic]

    /// The app's queries of `database` (`queries/<database>.sql`) that do not prepare on `connection`, as
    /// `kiln check`'s app-query rule prepares them.
    ///
    /// - Parameters:
    ///   - database: the database whose queries file is read.
    ///   - connection: a database at some version.
    /// - Returns: the failing queries in file order; none when there is no queries file or it cannot be read
    ///   (`kiln check` reports that).
    func appQueryFailures(of database: String, on connection: SQLiteConnection) -> [AppQueryFailure]
}

/// An app query that does not prepare on some schema.
package struct AppQueryFailure: Sendable, Equatable {
    /// Where the query starts in the queries file: the same query on two schemas has the same start.
    package var statement: SourceLocation
    /// Where SQLite points in it (the name it does not find), else its start.
    package var location: SourceLocation
    /// SQLite's message, e.g. `no such column: name`.
    package var message: String

    /// A failure from its parts.
    package init(statement: SourceLocation, location: SourceLocation, message: String) {
        self.statement = statement
        self.location = location
        self.message = message
    }
}
