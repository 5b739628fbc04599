import Kiln

/// A build produced something that breaks a promise of a built file.
///
/// ```swift
/// catch let error as BuildError where error.reason == .walMode(byte18: 2, byte19: 2) { … }
/// ```
package struct BuildError: DiagnosticError, Equatable {
    /// Which promise is broken.
    package enum Reason: Sendable, Equatable {
        /// The file at `path` does not start with SQLite's header.
        case notSQLite(path: String)
        /// Header bytes 18 and 19 are not 1, 1: the file is in WAL mode.
        case walMode(byte18: UInt8, byte19: UInt8)
        /// A `-journal`, `-wal` or `-shm` file (`path`) lies beside the built file.
        case sideFile(path: String)
        /// The file's pragmas could not be read.
        case unreadablePragmas
        /// `PRAGMA user_version` is not the newest migration's version.
        case userVersion(found: SQLiteValue, expected: Int32)
        /// `PRAGMA application_id` is not the configured one.
        case applicationID(found: SQLiteValue, expected: Int32)
        /// The file has free pages (it was not vacuumed).
        case freePages(SQLiteValue)
        /// `PRAGMA page_size` is not the configured one.
        case pageSize(found: SQLiteValue, expected: Int)
        /// `PRAGMA integrity_check` did not say ok; `details` are its lines, when they were kept.
        case integrityCheckFailed(details: [String])
        /// `PRAGMA foreign_key_check` found rows; the first is in `table` with `rowid`.
        case foreignKeyViolations(count: Int, table: SQLiteValue, rowid: SQLiteValue)
        /// `PRAGMA foreign_key_check` of the finished file is not empty.
        case foreignKeyCheckNotEmpty
        /// The disk or the system failed while the new file at `file` was written (`cause`: the system's or
        /// SQLite's error, with its `errno` or extended code); `published`, when the build was to replace a
        /// file, was left as it was.
        case fileFailed(file: String, cause: String, published: String?)
    }

    /// The database (or the file's name, where no database was named).
    package let database: String
    /// Which promise is broken.
    package let reason: Reason

    /// An error for `database`.
    package init(database: String, _ reason: Reason) {
        self.database = database
        self.reason = reason
    }

    /// `database: what is wrong`.
    package var diagnostics: [Diagnostic] { [Diagnostic(.error, "\(database): \(reason.message)")] }
}

extension BuildError.Reason {
    /// What is wrong, in words.
    var message: String {
        switch self {
        case .notSQLite(let path): "\(path) is not a SQLite database"
        case .walMode(let byte18, let byte19):
            "header bytes 18-19 are \(byte18), \(byte19), not 1, 1: the file is in WAL mode"
        case .sideFile(let path): "\(path) exists beside the built file"
        case .unreadablePragmas: "cannot read the file's pragmas"
        case .userVersion(let found, let expected): "user_version is \(found), expected \(expected)"
        case .applicationID(let found, let expected): "application_id is \(found), expected \(expected)"
        case .freePages(let count): "the file has \(count) free pages"
        case .pageSize(let found, let expected): "page_size is \(found), expected \(expected)"
        case .integrityCheckFailed(let details):
            details.isEmpty ? "integrity_check failed" : "integrity_check failed: \(details.joined(separator: "; "))"
        case .foreignKeyViolations(let count, let table, let rowid):
            "foreign_key_check found \(count) violation(s), first in table \(table) rowid \(rowid)"
        case .foreignKeyCheckNotEmpty: "foreign_key_check is not empty"
        case .fileFailed(_, let cause, let published?):
            "cannot build \(published): \(cause); \(published) was left as it was"
        case .fileFailed(let file, let cause, nil): "cannot build \(file): \(cause)"
        }
    }
}
