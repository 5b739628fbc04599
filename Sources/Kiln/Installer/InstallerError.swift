#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Why an install did not happen. Whatever the reason, the user's copy is exactly as it was: an installer
/// error never deletes or half-writes it.
///
/// An app decides what to do from the ``reason`` or the convenience properties: ``isDiskFull`` (ask the user
/// to free space and try again), ``isNewerCopy`` (a newer build wrote the copy: keep it, do not downgrade),
/// ``isPackagingProblem`` (the app was built or bundled wrongly: a bug to fix, not a user's problem). The
/// error holds facts only; ``diagnostics`` words them when it is read.
public struct InstallerError: DiagnosticError, Equatable, CustomStringConvertible {
    /// Why, as a value a caller can match.
    public enum Reason: Equatable, Sendable {
        /// The user's copy is at a higher version than the bundled file: a newer app (a beta) wrote it.
        case destinationIsNewer(version: Int32, bundled: Int32)
        /// The bundled file, or the fresh copy of it, cannot be used.
        case bundledFileInvalid(BundledFileProblem)
        /// The copy is older than the bundle but no migrations were given to upgrade it.
        case migrationsRequired(version: Int32, bundled: Int32)
        /// The migrations' newest version is not the bundled file's version.
        case migrationsDoNotMatchBundle(latest: Int32, bundled: Int32)
        /// A table named for refresh is missing from the bundled file or the copy.
        case refreshTableMissing(String)
        /// A name given for refresh is no table whose rows may be replaced: SQLite's own (`sqlite_schema`,
        /// `sqlite_sequence`…), a view or a virtual table.
        case refreshNotATable(String, kind: RefreshedObjectKind)
        /// Refreshing reference tables would leave a user row (`orphan`) pointing at a row that no longer
        /// exists.
        case refreshBreaksForeignKeys(table: String, orphan: ForeignKeyViolation)
        /// The destination is at version 0 but has tables that kiln did not create.
        case destinationNotCreatedByKiln
        /// Another install of the same destination held the lock for longer than
        /// ``DatabaseInstaller/lockTimeout``; `holder` names it where the system says (`process 4242 (App)`).
        case lockTimedOut(seconds: Double, holder: String?)
        /// A file operation failed; the error carries the real `errno`.
        case fileSystem(FileSystemError)
        /// SQLite failed while doing `step` to the copy.
        case database(SQLiteError, step: DatabaseStep)
        /// Upgrading the copy failed; it stays at the last version that committed.
        case migration(MigrationError)
    }

    /// What is wrong with the bundled file or with a fresh copy of it.
    public enum BundledFileProblem: Equatable, Sendable {
        /// SQLite cannot open it.
        case cannotOpen(SQLiteError)
        /// Its first bytes or its size cannot be read; the error carries the real `errno`.
        case cannotRead(FileSystemError)
        /// It does not start with the SQLite header (`SQLite format 3`).
        case notADatabase
        /// It is not in rollback-journal mode: its header's write and read versions (bytes 18 and 19) are not
        /// 1 and 1; 2 and 2 is WAL mode, where commits may live in a `-wal` file that a copy would not carry.
        case notRollbackJournal(writeVersion: UInt8, readVersion: UInt8)
        /// A `-wal`, `-journal` or `-shm` file (the path) lies beside it: something wrote to it after it was
        /// built, and the file alone may not hold what was written.
        case sideFile(String)
        /// Its size in bytes is not its header's page size times its page count (`expected`): truncated or
        /// padded.
        case sizeDoesNotMatchPageCount(size: Int, expected: Int)
        /// Its version and application id cannot be read.
        case unreadableHeader
        /// It fails `PRAGMA quick_check`.
        case failsQuickCheck
        /// The fresh copy does not start with the SQLite header.
        case copyHasNoHeader
        /// The fresh copy's header or size differ from the bundled file's (or, with full verification, its
        /// version, application id or `quick_check`).
        case copyDoesNotMatch
    }

    /// The SQLite step on the user's copy that failed.
    public enum DatabaseStep: Equatable, Sendable {
        /// Opening the copy.
        case open
        /// Reading the copy's version, application id or `quick_check`.
        case read
        /// Closing a connection to the copy before writing or moving it.
        case close
        /// Reading back the fresh copy before publishing it.
        case validateCopy
        /// Refreshing reference tables.
        case refresh
    }

    /// Why.
    public let reason: Reason
    /// The bundled file's path.
    public let bundled: String
    /// The user's copy's path.
    public let destination: String

    /// An error from its facts.
    package init(_ reason: Reason, bundled: String, destination: String) {
        self.reason = reason
        self.bundled = bundled
        self.destination = destination
    }

    /// The file-system error behind the failure, when a file operation failed.
    public var fileSystemError: FileSystemError? {
        switch reason {
        case .fileSystem(let error), .bundledFileInvalid(.cannotRead(let error)): error
        default: nil
        }
    }

    /// The SQLite error behind the failure, when SQLite failed.
    public var sqliteError: SQLiteError? {
        switch reason {
        case .database(let error, _), .bundledFileInvalid(.cannotOpen(let error)): error
        case .migration(let error): error.sqliteError
        default: nil
        }
    }

    /// Whether the install failed because the disk (or the user's quota) is full: worth retrying once the
    /// user has freed space, unlike a damaged bundle.
    public var isDiskFull: Bool {
        if let fileSystemError { return fileSystemError.isDiskFull }
        return sqliteError.map { $0.code.matches(.full) } ?? false
    }

    /// Whether the copy was written by a newer build of the app, which kiln never downgrades.
    public var isNewerCopy: Bool {
        switch reason {
        case .destinationIsNewer: true
        case .migration(let error): if case .databaseIsNewer = error.reason { true } else { false }
        default: false
        }
    }

    /// Whether the app itself is built wrongly (a bundled file or migrations that do not fit): no user action
    /// can fix it.
    public var isPackagingProblem: Bool {
        switch reason {
        case .bundledFileInvalid, .migrationsDoNotMatchBundle, .migrationsRequired, .refreshTableMissing,
            .refreshNotATable:
            true
        default: false
        }
    }

    /// The error as diagnostics: a failed migration's own, located in its file, or one with the message and hint.
    public var diagnostics: [Diagnostic] {
        if case .migration(let error) = reason { return error.diagnostics }
        return [Diagnostic(.error, message, hint: hint)]
    }

    /// The diagnostics, formatted one per line.
    public var description: String { diagnostics.map { $0.formatted() }.joined(separator: "\n") }
}

extension InstallerError {
    /// The copy's file name, as messages name it.
    private var name: String { FileSystem.lastComponent(of: destination) }

    /// What went wrong, in one lowercase line.
    public var message: String {
        switch reason {
        case .destinationIsNewer(let version, let bundledVersion):
            "\(name) is at version \(version), newer than the bundled version \(bundledVersion)"
        case .bundledFileInvalid(let problem): message(for: problem)
        case .migrationsRequired(let version, let bundledVersion):
            "\(name) is at version \(version) and needs migrations to reach \(bundledVersion)"
        case .migrationsDoNotMatchBundle(let latest, let bundledVersion):
            "the migrations end at version \(latest) but the bundled file is at version \(bundledVersion)"
        case .refreshTableMissing(let table):
            "reference table '\(table)' is missing from the bundled database or the copy"
        case .refreshNotATable(let name, let kind):
            "cannot refresh '\(name)' in \(self.name): it is \(kind.phrase), not a reference table"
        case .refreshBreaksForeignKeys(let table, let orphan):
            "refreshing '\(table)' would leave table \(orphan.table) rowid \(orphan.rowid) pointing at a row the bundle no longer has"
        case .destinationNotCreatedByKiln: "\(name) has tables but no kiln version"
        case .lockTimedOut(let seconds, let holder):
            "\(name) is being installed by \(holder ?? "another process"), which did not finish within \(seconds) seconds"
        case .fileSystem(let error): "cannot \(error.description)"
        case .database(let error, let step): message(for: step, error)
        case .migration(let error): error.message
        }
    }

    /// What to do about it, when there is something to say.
    public var hint: String? {
        switch reason {
        case .destinationIsNewer: "a newer build of the app wrote it; kiln never downgrades a database"
        case .bundledFileInvalid(.cannotOpen), .bundledFileInvalid(.notADatabase):
            "ship a database file that kiln built"
        case .bundledFileInvalid(.notRollbackJournal), .bundledFileInvalid(.sideFile):
            "ship a database that no app has opened for writing, in rollback-journal mode (PRAGMA journal_mode = DELETE)"
        case .bundledFileInvalid(.sizeDoesNotMatchPageCount): "the file was truncated or changed after it was built"
        case .migrationsRequired: "pass the app's migrations folder to the installer"
        case .migrationsDoNotMatchBundle: "ship the migrations and the database from the same build"
        case .refreshTableMissing: "refresh only tables that both have"
        case .refreshNotATable: "name only ordinary tables of the bundled database to refresh"
        case .refreshBreaksForeignKeys:
            "keep those reference rows in the bundled database, or migrate the user rows first"
        case .destinationNotCreatedByKiln:
            "it was not installed by kiln; move it aside or migrate it with a baseline"
        case .lockTimedOut: "try again later, or leave lockTimeout nil to wait until the other install finishes"
        case .migration(let error): error.hint
        case .fileSystem(let error) where error.code == ELOOP:
            "\(error.path) is a loop of symbolic links; point it at a file, or remove it"
        case .fileSystem(let error) where error.operation == .open || error.operation == .create:
            FileSystem.parentDirectory(of: error.path) == FileSystem.parentDirectory(of: destination)
                ? "check that the destination folder exists and is writable" : nil
        case .bundledFileInvalid, .fileSystem, .database: nil
        }
    }

    private func message(for problem: BundledFileProblem) -> String {
        switch problem {
        case .cannotOpen(let error): "the bundled database \(bundled) cannot be opened: \(error.explanation)"
        case .cannotRead(let error): "cannot read the bundled database: \(error.description)"
        case .notADatabase: "the bundled file \(bundled) is not a SQLite database"
        case .notRollbackJournal(let write, let read) where write == 2 && read == 2:
            "the bundled database \(bundled) is in WAL mode; a copy of the file alone may lack its last commits"
        case .notRollbackJournal(let write, let read):
            "the bundled database \(bundled) is not in rollback-journal mode (format versions \(write), \(read))"
        case .sideFile(let path): "the bundled database has \(path) beside it"
        case .sizeDoesNotMatchPageCount(let size, let expected):
            "the bundled database \(bundled) is \(size) bytes but its header says \(expected)"
        case .unreadableHeader: "cannot read the bundled database \(bundled)"
        case .failsQuickCheck: "the bundled database \(bundled) fails quick_check"
        case .copyHasNoHeader: "the copy of \(bundled) has no SQLite header"
        case .copyDoesNotMatch: "the copy of \(bundled) does not match the bundled file"
        }
    }

    private func message(for step: DatabaseStep, _ error: SQLiteError) -> String {
        switch step {
        case .open: "cannot open \(destination): \(error.explanation)"
        case .read: "cannot read \(destination): \(error.explanation)"
        case .close: "cannot close \(destination): \(error.explanation)"
        case .validateCopy: "the copy of \(bundled) cannot be read: \(error.explanation)"
        case .refresh: "cannot refresh reference tables of \(destination): \(error.explanation)"
        }
    }
}
