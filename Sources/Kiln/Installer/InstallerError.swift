/// Why an install did not happen. Whatever the reason, the user's copy is exactly as it was: an installer
/// error never deletes or half-writes it.
public struct InstallerError: DiagnosticError, CustomStringConvertible {
    /// Why, as a value a caller can match.
    public enum Reason: Equatable, Sendable {
        /// The user's copy is at a higher version than the bundled file: a newer app (a beta) wrote it.
        case destinationIsNewer(version: Int32, bundled: Int32)
        /// The bundled file cannot be read as a database.
        case bundledFileInvalid(String)
        /// The copy is older than the bundle but no migrations were given to upgrade it.
        case migrationsRequired(version: Int32, bundled: Int32)
        /// The migrations' newest version is not the bundled file's version.
        case migrationsDoNotMatchBundle(latest: Int32, bundled: Int32)
        /// A table named for refresh is missing from the bundled file or the copy.
        case refreshTableMissing(String)
        /// Refreshing reference tables would leave user rows pointing at rows that no longer exist.
        case refreshBreaksForeignKeys(table: String)
        /// The destination is at version 0 but has tables that kiln did not create.
        case destinationNotCreatedByKiln
        /// A file operation failed.
        case fileSystem(String)
        /// SQLite failed.
        case database(SQLiteError)
        /// Upgrading the copy failed; it stays at the last version that committed.
        case migration(MigrationError.Reason)
    }

    /// Why.
    public let reason: Reason
    /// The explanation.
    public let diagnostics: [Diagnostic]

    init(_ reason: Reason, _ message: String, hint: String? = nil) {
        self.reason = reason
        diagnostics = [Diagnostic(.error, message, hint: hint)]
    }

    init(migration error: MigrationError) {
        reason = .migration(error.reason)
        diagnostics = error.diagnostics
    }

    public var description: String { diagnostics.map { $0.formatted() }.joined(separator: "\n") }
}
