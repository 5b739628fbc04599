extension MigrationError {
    /// Where a run of migrations stood when it failed, so the error can say which migrations committed.
    ///
    /// SQLite can fail after a commit reached the file: the journal was deleted, then the fsync of its folder
    /// failed (`SQLITE_IOERR_DIR_FSYNC`), and `COMMIT` reports an error for a change that is in the file. The
    /// version is then read back from the file by a connection of its own (which first rolls back a journal
    /// the failure left, as any writer would), and that answer is what the error reports.
    public struct RunState: Equatable, Sendable {
        /// The file's version when the run started.
        public let startVersion: Int32
        /// The version the migrator last saw committed, before the step that failed.
        public let committedVersion: Int32
        /// The migration whose transaction was open when the step failed, when one was.
        public let migrationInProgress: Int32?
        /// The version read back from the file after the failure; nil when it was not read (a failure of the
        /// SQL, or a connection the migrator did not open) or could not be.
        public var versionReadBack: Int32?
        /// Whether the read back was tried and failed.
        public var readBackFailed = false

        /// A run's state from its facts.
        package init(startVersion: Int32, committedVersion: Int32, migrationInProgress: Int32?) {
            self.startVersion = startVersion
            self.committedVersion = committedVersion
            self.migrationInProgress = migrationInProgress
        }

        /// Whether the file holds more than the migrator saw committed: the failing step's commit reached
        /// the file before SQLite reported the error.
        public var committedDespiteError: Bool {
            guard let versionReadBack else { return false }
            return versionReadBack > committedVersion
        }
    }

    /// Whether reading the version back may tell more than the error: a fault of the disk (an I/O error, a
    /// full disk) while migrations ran, where SQLite may have failed after the commit.
    var wantsReadBack: Bool {
        guard run != nil, let code = sqliteError?.code else { return false }
        return code.matches(.ioError) || code.matches(.full)
    }

    /// `migration 3` or `migrations 2 to 4`: the migrations after `from` up to `to`.
    static func migrations(after from: Int32, through to: Int32) -> String {
        to == from + 1 ? "migration \(to)" : "migrations \(from + 1) to \(to)"
    }

    /// The message when the failing step's commit reached the file: the cause, and that it came after it.
    func committedMessage(_ run: RunState, cause: String) -> String? {
        guard run.committedDespiteError, let version = run.versionReadBack else { return nil }
        return "\(path): \(cause) after migration \(version) committed"
    }

    /// What the file holds after the error, as read back, and what that means; nil without a read back.
    ///
    /// - Parameter rerun: what to run again, in the caller's terms.
    /// - Returns: the hint, or nil when the run was not read back.
    package func readBackHint(rerun: String) -> String? {
        guard let run else { return nil }
        if let version = run.versionReadBack, run.committedDespiteError {
            return "the file is at version \(version), read back after the error: "
                + Self.migrations(after: run.startVersion, through: version) + " committed; SQLite could not "
                + "finish making the last commit durable, so whether migration \(version) survives a power loss is "
                + "unknown; \(rerun) once the disk is healthy: it applies only what the file lacks"
        }
        if let version = run.versionReadBack {
            let rolledBack = run.migrationInProgress.map { "migration \($0) was rolled back; " } ?? ""
            return "\(rolledBack)the database stays at version \(version), read back after the error"
        }
        guard run.readBackFailed else { return nil }
        let inProgress = run.migrationInProgress.map { " (or \($0), if its commit reached the disk)" } ?? ""
        return "the file's version could not be read back after the error: it is at version "
            + "\(run.committedVersion)\(inProgress); \(rerun) once the disk is healthy: it applies only what the "
            + "file lacks"
    }
}

extension MigrationError.Reason {
    /// The migration a failure while migrations ran is about (a statement, the file, a foreign key); nil for
    /// the other reasons.
    var migrationVersion: Int32? {
        switch self {
        case .statementFailed(let version, _), .fileFailed(let version, _), .foreignKeyViolation(let version, _):
            version
        default: nil
        }
    }
}
