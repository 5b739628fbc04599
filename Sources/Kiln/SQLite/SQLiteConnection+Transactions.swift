extension SQLiteConnection {
    /// Runs `body` inside a transaction: commits when it returns, rolls back when it throws.
    ///
    /// The rollback happens only when a transaction is still open: SQLite ends a transaction by itself after
    /// some errors (`SQLITE_FULL`, `SQLITE_IOERR`, `SQLITE_NOMEM`, `SQLITE_BUSY` in some cases), and a second
    /// `ROLLBACK` would then replace the real error with "no transaction is active". The error from `body`
    /// is always the one rethrown.
    public func transaction<Result>(
        _ kind: SQLiteTransactionKind = .deferred, _ body: () throws -> Result
    ) throws -> Result {
        try execute(sql: "BEGIN \(kind.rawValue)")
        let result: Result
        do {
            result = try body()
        } catch {
            rollbackIfActive()
            throw error
        }
        do {
            try execute(sql: "COMMIT")
        } catch {
            rollbackIfActive()
            throw error
        }
        return result
    }

    /// Rolls back the open transaction, if SQLite has not already ended it.
    ///
    /// A failing rollback is not reported: it happens only while another error is being thrown, and SQLite
    /// guarantees that a transaction whose rollback fails is rolled back when the connection closes or the next
    /// statement runs (<https://www.sqlite.org/lang_transaction.html>, "Response To Errors Within A
    /// Transaction").
    package func rollbackIfActive() {
        guard !isAutocommit else { return }
        do { try execute(sql: "ROLLBACK") } catch {
            // Nothing to add to the error already being thrown; see the doc comment.
        }
    }
}
