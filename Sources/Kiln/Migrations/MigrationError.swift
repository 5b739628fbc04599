/// Why a database could not be migrated. Whatever the reason, the database is left at the last version that
/// committed completely, and a refusal (``Reason/databaseIsNewer(version:latest:)`` and the like) writes
/// nothing at all.
public struct MigrationError: DiagnosticError, CustomStringConvertible {
    /// Why, as a value a caller can match.
    public enum Reason: Equatable, Sendable {
        /// A statement of a migration failed; SQLite's error is attached.
        case statementFailed(version: Int32, SQLiteError)
        /// A migration left rows whose foreign keys point nowhere.
        case foreignKeyViolation(version: Int32)
        /// The database's version is higher than the newest migration: a newer app wrote it.
        case databaseIsNewer(version: Int32, latest: Int32)
        /// The database is at version 0 but has tables: it was not made by kiln.
        case notCreatedByKiln
        /// The file is not a SQLite database.
        case notADatabase
        /// The database belongs to another application (`PRAGMA application_id`).
        case applicationIDMismatch(found: Int32, expected: Int32)
        /// `--baseline` named a version whose schema differs from the database's.
        case baselineMismatch(version: Int32, differences: [SchemaDifference])
        /// The requested target version does not exist or is below the database's version.
        case invalidTarget(target: Int32, current: Int32, latest: Int32)
        /// SQLite failed outside any migration's SQL, e.g. on a lock or while committing.
        case database(SQLiteError)
    }

    /// Why it failed.
    public let reason: Reason
    /// The explanation, pointing into the migration file where there is one.
    public let diagnostics: [Diagnostic]

    public var description: String { diagnostics.map { $0.formatted() }.joined(separator: "\n") }
}
