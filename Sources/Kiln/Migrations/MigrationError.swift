/// Why a database could not be migrated. Whatever the reason, the database is left at the last version that
/// committed completely, and a refusal (``Reason/databaseIsNewer(version:latest:)`` and the like) writes
/// nothing at all.
///
/// The error holds facts only; ``diagnostics`` words them when it is read.
public struct MigrationError: DiagnosticError, Equatable, CustomStringConvertible {
    /// Why, as a value a caller can match.
    public enum Reason: Equatable, Sendable {
        /// A statement of a migration failed; SQLite's error is attached.
        case statementFailed(version: Int32, SQLiteError)
        /// The database file failed while a migration ran (an I/O error, a full disk, a lock, an interrupt):
        /// a fault of the file or the system, not of the migration's SQL, so it has no place in the migration.
        case fileFailed(version: Int32, SQLiteError)
        /// A migration left rows whose foreign keys point nowhere.
        case foreignKeyViolation(version: Int32, violations: [ForeignKeyViolation])
        /// The database's version is higher than the newest migration: a newer app wrote it.
        case databaseIsNewer(version: Int32, latest: Int32)
        /// The database is at version 0 but has tables: it was not made by kiln.
        case notCreatedByKiln
        /// The file is not a SQLite database.
        case notADatabase
        /// The file is empty (0 bytes), which SQLite would take for a new database, and the caller did not ask
        /// for one to be made in it (``FleetMigrator/createsDatabasesInEmptyFiles``); `throughSymbolicLink`
        /// when the path is a symbolic link, whose empty file is never made a database.
        case emptyFile(throughSymbolicLink: Bool)
        /// The database belongs to another application (`PRAGMA application_id`).
        case applicationIDMismatch(found: Int32, expected: Int32)
        /// A baseline named a version whose schema differs from the database's.
        case baselineMismatch(version: Int32, differences: [SchemaDifference])
        /// The requested target version does not exist or is below the database's version; or, when
        /// `baseline` is set, that baseline is not between 1 and `target`.
        case invalidTarget(target: Int32, current: Int32, latest: Int32, baseline: Int32? = nil)
        /// SQLite could not open the database file.
        case cannotOpen(SQLiteError)
        /// SQLite could not read the database file before migrating it.
        case cannotRead(SQLiteError)
        /// SQLite failed outside any migration's SQL, e.g. on a lock or while committing.
        case database(SQLiteError)
    }

    /// Why it failed.
    public let reason: Reason
    /// Where in a migration file, for a failing statement or a foreign-key violation.
    public let location: SourceLocation?
    /// The database file's path, as the migrator was given it.
    public let path: String
    /// The name of the migration set's database, e.g. `countries`.
    public let database: String
    /// Whether the failure happened in a dry run, which only ever reads the file.
    public var isDryRun = false
    /// For a statement that called a function SQLite does not know (`no such function: normalize`): the
    /// argument counts of that function's calls in the failing migration, so a stand-in can be declared with
    /// the count the migration uses; empty otherwise.
    package var missingFunctionArities: [Int] = []
    /// For a database kiln did not create: the other migration tool whose tracking table it holds, and that
    /// table (`diesel`, `__diesel_schema_migrations`), when the caller found one; nil otherwise.
    package var madeBy: OtherTool?

    /// Another migration tool, by its name, and the tracking table it keeps in a database.
    package struct OtherTool: Equatable, Sendable {
        /// The tool's name, as `kiln import --from` takes it (`diesel`).
        package let tool: String
        /// Its tracking table (`__diesel_schema_migrations`).
        package let table: String

        /// The tool `tool` and its `table`.
        package init(tool: String, table: String) {
            self.tool = tool
            self.table = table
        }
    }
    /// Where the run stood when it failed, for a failure while migrations ran; with the version read back
    /// from the file after a fault of the disk (``RunState``).
    public var run: RunState?
    /// The baseline whose schema was being built, in memory, to compare the file with when a migration
    /// failed: the chain itself fails, and the file, at version 0, was not changed.
    public var failedBuildingBaseline: Int32?

    /// An error from its facts.
    package init(_ reason: Reason, location: SourceLocation? = nil, path: String, database: String) {
        self.reason = reason
        self.location = location
        self.path = path
        self.database = database
    }

    /// The SQLite error behind the failure, when there is one.
    public var sqliteError: SQLiteError? {
        switch reason {
        case .statementFailed(_, let error), .fileFailed(_, let error), .cannotOpen(let error), .cannotRead(let error),
            .database(let error):
            error
        default: nil
        }
    }

    /// What went wrong, in one lowercase line.
    public var message: String {
        switch reason {
        case .statementFailed(_, let error): error.message
        case .fileFailed(_, let error), .database(let error):
            run.flatMap { committedMessage($0, cause: error.explanation) } ?? "\(path): \(error.explanation)"
        case .foreignKeyViolation(_, let violations): Self.describe(violations)
        case .databaseIsNewer(let version, let latest):
            "the database is at version \(version), but the newest migration of '\(database)' is \(latest)"
        case .notCreatedByKiln: "the database is at version 0 but already has tables: kiln did not create it"
        case .notADatabase: "\(path) is not a SQLite database"
        case .emptyFile(let throughLink):
            "\(path) is \(throughLink ? "a symbolic link to " : "")an empty file, not a database"
        case .applicationIDMismatch(let found, let expected):
            "the database's application_id is \(found), not \(expected)"
        case .baselineMismatch(let version, let differences):
            "the database's schema is not the schema of version \(version): "
                + differences.map { "\($0)" }.joined(separator: "; ")
        case .invalidTarget(let target, let current, let latest, let baseline):
            Self.describeInvalidTarget(target, current: current, latest: latest, baseline: baseline)
        case .cannotOpen(let error): "cannot open \(path): \(error.explanation)"
        case .cannotRead(let error) where error.isInterruptedWrite:
            SQLiteError.interruptedWriteDescription(of: path, code: error.code)
        case .cannotRead(let error): "cannot read \(path): \(error.explanation)"
        }
    }

    /// What to do about it, in terms of the library's API, when there is something to say.
    public var hint: String? {
        if let baseline = failedBuildingBaseline, let version = reason.migrationVersion {
            return "building the schema of version \(baseline) in memory, to compare the database with, failed at "
                + "migration \(version); the database was not changed and stays at version 0"
        }
        if let hint = readBackHint(rerun: "migrate it again") { return hint }
        return switch reason {
        case .statementFailed(let version, _), .fileFailed(let version, _):
            "migration \(version) was rolled back; the database stays at version \(version - 1)"
        case .foreignKeyViolation(let version, _):
            "migration \(version) was rolled back; fix or delete the orphan rows in the migration"
        case .databaseIsNewer:
            "a newer version of the app wrote this file; kiln never downgrades or erases a database"
        case .notCreatedByKiln: "if its schema is what migrations 1 to N produce, adopt it with a baseline of N"
        case .notADatabase: "migrate a database file, or a path where one may be created"
        case .emptyFile(let throughLink):
            throughLink
                ? "an empty file reached through a symbolic link is never made a database: it may be outside the fleet"
                : "a fleet never makes a database of an empty file unless createsDatabasesInEmptyFiles is set"
        case .applicationIDMismatch: "this file belongs to another application"
        case .baselineMismatch:
            "baseline at the version whose schema the database has, or bring the schema in line first"
        case .invalidTarget(let target, let current, let latest, let baseline):
            baseline == nil
                ? "kiln never migrates a database down; choose a target between \(current) and \(latest)"
                : "choose a baseline between 1 and \(target)"
        case .cannotOpen: "check that its folder exists and is writable"
        case .cannotRead(let error) where error.isInterruptedWrite:
            "the database is intact: the first connection that may write rolls the interrupted write back"
        case .cannotRead, .database: nil
        }
    }

    /// One error diagnostic, at ``location`` when there is one.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, at: location, hint: hint)] }

    /// The diagnostics, formatted one per line.
    public var description: String { diagnostics.map { $0.formatted() }.joined(separator: "\n") }

    /// `foreign key violation: ` and the first five violations.
    private static func describe(_ violations: [ForeignKeyViolation]) -> String {
        let shown = violations.prefix(5).map(\.description).joined(separator: "; ")
        let more = violations.count > 5 ? " and \(violations.count - 5) more" : ""
        return "foreign key violation: " + shown + more
    }

    /// Why a target (or a baseline) is out of range.
    private static func describeInvalidTarget(_ target: Int32, current: Int32, latest: Int32, baseline: Int32?)
        -> String
    {
        if let baseline {
            return baseline > latest
                ? "there is no migration \(baseline) to baseline at"
                : "the baseline \(baseline) is above the target \(target)"
        }
        return target > latest
            ? "there is no migration \(target): the newest is \(latest)"
            : "the database is already at version \(current), above the target \(target)"
    }
}
