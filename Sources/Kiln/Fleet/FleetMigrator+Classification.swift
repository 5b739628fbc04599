#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

extension FleetMigrator {
    /// The outcome of a file whose migration threw `error`.
    ///
    /// - A lock another connection held (`SQLITE_BUSY`, any extended code) is ``FleetFileResult/Outcome/busy``;
    ///   an interrupt (`SQLITE_INTERRUPT`) is ``FleetFileResult/Outcome/interrupted``, wherever they happened.
    /// - A file this migration set may not change is ``FleetFileResult/Outcome/refused``: a newer version,
    ///   version 0 with tables, not a database, an empty file, another application's, a file SQLite could not
    ///   open or read (damaged, unreadable), and anything that is not a regular file or that the system would
    ///   not open.
    ///   A file that cannot be written (`SQLITE_READONLY`, or `SQLITE_CANTOPEN` creating its journal) and a file
    ///   already past the target version are refused as well: nothing was written to them.
    /// - Anything else (a migration's statement, a foreign-key violation, a failed commit, an invalid target,
    ///   what ``Migrator/prepareConnection`` threw) is ``FleetFileResult/Outcome/failed``.
    static func outcome(of error: any Error) -> FleetFileResult.Outcome {
        if let code = sqliteCode(of: error) {
            if code.matches(.busy) { return .busy }
            if code.matches(.interrupt) { return .interrupted }
        }
        if let error = error as? FileSystemError {
            // Out of descriptors is the process's trouble, not the file's: the next run may well open it.
            return error.code == EMFILE || error.code == ENFILE ? .failed : .refused
        }
        guard let migrationError = error as? MigrationError else { return .failed }
        switch migrationError.reason {
        case .databaseIsNewer, .notCreatedByKiln, .notADatabase, .emptyFile, .applicationIDMismatch, .cannotOpen,
            .cannotRead:
            return .refused
        case .fileFailed(_, let error), .database(let error):
            return isUnwritable(error) ? .refused : .failed
        case .invalidTarget(let target, let current, _, let baseline):
            // Already past the version asked for: nothing to do, and nothing that may be done to it.
            return baseline == nil && current > target ? .refused : .failed
        case .statementFailed, .foreignKeyViolation, .baselineMismatch:
            return .failed
        }
    }

    /// Whether a file fault means the file cannot be written at all (a read-only or immutable file, a folder
    /// where the journal cannot be created, a read-only file system), rather than that writing it failed:
    /// SQLite opens such a file read-only without saying so, and the first write of the first migration fails.
    /// A file SQLite could not open for another reason the system gave (it is not there, a name too long) is
    /// not one.
    static func isUnwritable(_ error: SQLiteError) -> Bool {
        if error.code.matches(.readOnly) { return true }
        guard error.code.matches(.cannotOpen) else { return false }
        return error.systemErrno.map { [EACCES, EPERM, EROFS].contains($0) } ?? true
    }

    /// The SQLite error behind an error, when there is one.
    static func sqliteError(of error: any Error) -> SQLiteError? {
        if let error = error as? SQLiteError { return error }
        return (error as? MigrationError)?.sqliteError
    }

    /// The SQLite result code behind an error, when there is one.
    static func sqliteCode(of error: any Error) -> SQLiteResultCode? { sqliteError(of: error)?.code }
}
