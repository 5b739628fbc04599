import Kiln

/// An SQLite error `kiln plan` met in a statement of its own (reading a schema, copying a data set, comparing
/// rows), not in a statement of a migration, a fixture, the schema file or the plan (those carry their own
/// file's location): what kiln was doing and the statement, located at the schema file's `CREATE` of the
/// object the statement reads (``SchemaFileObjects/locate(_:)-(PlanSQLiteError)``).
package struct PlanSQLiteError: DiagnosticError, Equatable {
    /// What kiln was doing when SQLite refused.
    package enum Activity: Sendable, Equatable {
        /// Running `schema/<database>.sql` on a scratch database.
        case readingSchemaFile
        /// Building the schema the migrations give, on a scratch database.
        case readingMigrations
        /// Comparing the schema file's schema with the migrations' and planning the steps.
        case planning
        /// Filling a data set at the newest version: `generated rows`, or a fixture's path.
        case fillingDataSet(String)
        /// Proving the plan on a copy of a data set's rows.
        case proving(dataSet: String)
        /// Preparing the app's queries on the schema before the plan and on the planned one.
        case checkingAppQueries
    }

    /// What kiln was doing.
    package let activity: Activity
    /// SQLite's error, with the statement it refused.
    package let error: SQLiteError
    /// Where in the schema file the object the statement reads is created, when known.
    package let location: SourceLocation?

    /// An error met while doing `activity`, located when known.
    package init(_ activity: Activity, _ error: SQLiteError, at location: SourceLocation? = nil) {
        self.activity = activity
        self.error = error
        self.location = location
    }

    /// What `body` returns; an ``SQLiteError`` it throws becomes this error, met while doing `activity`.
    ///
    /// - Throws: ``PlanSQLiteError`` for an ``SQLiteError``, any other error as it is.
    static func during<Result>(_ activity: Activity, _ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let error as SQLiteError { throw PlanSQLiteError(activity, error) }
    }

    /// One error: SQLite's message, what kiln was doing, and the statement; then what it means.
    package var diagnostics: [Diagnostic] {
        let statement = error.sql.map { " (in `\($0)`)" } ?? ""
        return [
            Diagnostic(.error, "\(error.explanation) while \(doing)\(statement)", at: location, hint: hint)
        ]
    }

    /// What kiln was doing, as the end of a sentence starting "… while".
    var doing: String {
        switch activity {
        case .readingSchemaFile: "reading the schema file into a scratch database"
        case .readingMigrations: "building the migrations' schema on a scratch database"
        case .planning: "comparing the schema file with the migrations' schema"
        case .fillingDataSet(let name):
            name == "generated rows"
                ? "generating rows for the proof of the plan" : "loading \(name) for the proof of the plan"
        case .proving(let name):
            "proving the plan on a copy of " + (name == "generated rows" ? "the generated rows" : "the rows of \(name)")
        case .checkingAppQueries: "preparing the app's queries on the schema before and after the plan"
        }
    }

    /// What the error means: the statement is kiln's own, so its failure is kiln's to fix.
    private var hint: String {
        let report =
            "no file was written; the statement is kiln's own, so this is a bug in kiln: please report it "
            + "with the schema file and the migrations"
        switch error.message {
        case "no query solution":
            return "SQLite found no way to run it: the table it reads is stored in an index that compares with a "
                + "collation this connection lacks (a WITHOUT ROWID table keyed by a custom collation), or it names "
                + "an index it cannot use; kiln registers kiln.json's stand-ins on every connection it opens. "
                + report
        case let message
        where message.hasPrefix("no such collation sequence: ") || message.hasPrefix("no such function: "):
            return "kiln registers kiln.json's stand-ins on every connection it opens, and the migrations ran with "
                + "them. " + report
        default: return report
        }
    }
}
