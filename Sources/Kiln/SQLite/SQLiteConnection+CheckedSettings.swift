/// Connection settings kiln changes, each read back after it is set.
///
/// SQLite ignores some settings without an error: defensive mode turns `PRAGMA journal_mode = OFF` into a
/// query that answers the mode it keeps, and `PRAGMA foreign_keys` does nothing inside a transaction. A setting
/// kiln relies on is therefore asked for and then read back; one SQLite did not take is an error naming the
/// setting, the value asked for and the value SQLite kept, never a silent difference.
extension SQLiteConnection {
    /// How the connection keeps its rollback journal (`PRAGMA journal_mode`).
    package enum JournalMode: String, Sendable {
        /// A journal file, deleted at each commit: SQLite's default, and the mode of a sealed bundled file.
        case delete
        /// The journal in memory: no journal file is created or deleted, and a transaction still rolls back.
        /// For a file nothing else reads until it is finished (a build), where a crash throws the file away.
        case memory
    }

    /// How often SQLite waits for the disk (`PRAGMA synchronous`), by SQLite's numbers for each level.
    package enum Synchronization: Int64, Sendable {
        /// Never: for a file thrown away if the machine stops before it is finished.
        case off = 0
        /// At each commit, and the folder after the journal's unlink, so a commit that returned survives a
        /// power loss in rollback-journal mode.
        case extra = 3
    }

    /// Sets the journal mode.
    ///
    /// - Throws: ``SQLiteError`` from SQLite, or one (`SQLITE_ERROR`) when SQLite kept another mode.
    package func setJournalMode(_ mode: JournalMode) throws {
        let sql = "PRAGMA journal_mode = \(mode.rawValue.uppercased())"
        let answer = try scalar(sql: sql)
        guard case .text(let kept) = answer, kept.lowercased() == mode.rawValue else {
            throw refusedSetting(sql: sql, kept: answer)
        }
    }

    /// Sets how often SQLite waits for the disk.
    ///
    /// - Throws: ``SQLiteError`` from SQLite, or one (`SQLITE_ERROR`) when SQLite kept another level.
    package func setSynchronization(_ level: Synchronization) throws {
        try execute(sql: "PRAGMA synchronous = \(level.rawValue)")
        let kept = try scalar(sql: "PRAGMA synchronous")
        guard kept == .integer(level.rawValue) else {
            throw refusedSetting(sql: "PRAGMA synchronous = \(level.rawValue)", kept: kept)
        }
    }

    /// Turns foreign key enforcement on or off.
    ///
    /// - Throws: ``SQLiteError`` from SQLite, or one (`SQLITE_ERROR`) when SQLite kept the other state, as it
    ///   does inside a transaction.
    package func setForeignKeys(_ enforced: Bool) throws {
        let sql = "PRAGMA foreign_keys = \(enforced ? "ON" : "OFF")"
        try execute(sql: sql)
        let kept = try scalar(sql: "PRAGMA foreign_keys")
        guard kept == .integer(enforced ? 1 : 0) else { throw refusedSetting(sql: sql, kept: kept) }
    }

    private func refusedSetting(sql: String, kept: SQLiteValue?) -> SQLiteError {
        let shown = kept.map(\.description) ?? "no answer"
        return SQLiteError(
            code: .error, message: "SQLite did not take the setting; it kept \(shown)", sql: sql,
            file: Self.filePath(of: path))
    }
}
