import Kiln

/// `kiln reset` refused to replace a file.
///
/// ```swift
/// catch let error as ResetError where error.reason == .inUse(path: "dev.sqlite", by: .writer) { … }
/// ```
package struct ResetError: DiagnosticError, Equatable {
    /// How another process visibly has the file open.
    package enum Holder: Sendable, Equatable {
        /// It holds a lock SQLite reports as busy: a write transaction (or, in rollback mode, a read one).
        case transaction
        /// A WAL-mode connection is open: SQLite could not remove the `-wal`/`-shm` files when reset closed
        /// its own connection, or could not checkpoint them.
        case walConnection
    }

    /// Why the reset refused.
    package enum Reason: Sendable, Equatable {
        /// Another process has the file at `path` open, as `by` says; the file and its side files are untouched.
        case inUse(path: String, by: Holder)
        /// SQLite could not settle the old file at `path` (roll back its journal, checkpoint its WAL); it is
        /// as SQLite left it after the failure, which SQLite keeps consistent.
        case cannotSettle(path: String, SQLiteError)
        /// A step before the publishing rename failed: `path` is still the complete old database (and
        /// `path.previous` may be missing).
        case notReplaced(path: String, FileSystemError)
    }

    /// Why the reset refused.
    package let reason: Reason

    /// An error for `reason`.
    package init(_ reason: Reason) {
        self.reason = reason
    }

    /// One error saying who has the file and that nothing changed.
    package var diagnostics: [Diagnostic] { [Diagnostic(.error, reason.message)] }
}

extension ResetError.Reason {
    /// What is wrong, in words.
    var message: String {
        switch self {
        case .inUse(let path, .transaction):
            "\(path) is in use: another process holds a transaction on it; it was left as it was"
        case .inUse(let path, .walConnection):
            "\(path) is in use: another process has it open in WAL mode; it was left as it was"
        case .cannotSettle(let path, let error):
            "cannot checkpoint \(path) before replacing it: \(error.message); it was not replaced"
        case .notReplaced(let path, let error):
            "\(path) was not replaced: cannot \(error.description); it is still the complete old database"
        }
    }
}
