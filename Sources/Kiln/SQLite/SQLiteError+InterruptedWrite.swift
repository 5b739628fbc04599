extension SQLiteError {
    /// Whether a read-only connection stopped at the traces of an interrupted write it may not repair: a hot
    /// rollback journal (`<file>-journal` left by a crash or a kill mid-transaction) or a WAL-mode file that
    /// needs recovery. The database is intact; the first connection that may write rolls the interrupted
    /// transaction back (or recovers the WAL) and reads the last committed state.
    public var isInterruptedWrite: Bool {
        code.matches(.readOnlyRollback) || code.matches(.readOnlyRecovery)
    }

    /// What ``isInterruptedWrite`` means for the database at `path`, e.g. `an interrupted write left
    /// app.sqlite-journal: app.sqlite cannot be read without rolling it back`.
    ///
    /// - Returns: the sentence, naming the side file SQLite found.
    package static func interruptedWriteDescription(of path: String, code: SQLiteResultCode) -> String {
        code.matches(.readOnlyRecovery)
            ? "an interrupted write left \(path)-wal needing recovery: \(path) cannot be read without recovering it"
            : "an interrupted write left \(path)-journal: \(path) cannot be read without rolling it back"
    }
}
