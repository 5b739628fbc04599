/// A named savepoint whose three statements are prepared once, for a caller that wraps many small steps in
/// their own savepoint (each generated row of an upgrade check): a failed step undoes only its own changes,
/// and the enclosing transaction goes on.
package final class SQLiteSavepoint {
    private let connection: SQLiteConnection
    private let open: SQLiteStatement
    private let release: SQLiteStatement
    private let rollback: SQLiteStatement

    /// Prepares `SAVEPOINT name`, `RELEASE name` and `ROLLBACK TO name`.
    ///
    /// - Parameters:
    ///   - name: a plain identifier chosen by the caller (never user input).
    ///   - connection: the connection it runs on.
    /// - Throws: ``SQLiteError`` when a statement cannot be prepared.
    package init(_ name: String, on connection: SQLiteConnection) throws {
        self.connection = connection
        open = try connection.prepare(sql: "SAVEPOINT \(name)")
        release = try connection.prepare(sql: "RELEASE \(name)")
        rollback = try connection.prepare(sql: "ROLLBACK TO \(name)")
    }

    /// Runs `body` inside the savepoint: releases it when `body` returns, rolls back to it and releases it
    /// when `body` throws.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: the error from `body`, or ``SQLiteError`` when the savepoint cannot be opened or released.
    package func run<Result>(_ body: () throws -> Result) throws -> Result {
        try open.reset()
        try open.run()
        let result: Result
        do {
            result = try body()
        } catch {
            // SQLite may already have ended the transaction (a RAISE(ROLLBACK), SQLITE_FULL): then there is no
            // savepoint left, and the error from `body` is the one that matters.
            if !connection.isAutocommit {
                _ = try? rollback.reset()
                _ = try? rollback.run()
                _ = try? release.reset()
                _ = try? release.run()
            }
            throw error
        }
        try release.reset()
        try release.run()
        return result
    }

    /// Runs `body` inside the savepoint, which reports failure by returning an error rather than throwing it:
    /// rolls back to the savepoint when it does, and releases the savepoint either way.
    ///
    /// - Returns: the error `body` returned, or nil.
    /// - Throws: ``SQLiteError`` when the savepoint cannot be opened, rolled back or released.
    package func attempt(_ body: () -> SQLiteError?) throws -> SQLiteError? {
        try open.reset()
        try open.run()
        let failure = body()
        if failure != nil && !connection.isAutocommit {
            try rollback.reset()
            try rollback.run()
        }
        if !connection.isAutocommit {
            try release.reset()
            try release.run()
        }
        return failure
    }
}
