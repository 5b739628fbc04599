import KilnSQLiteShim

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteStatement {
    /// Resets the statement, binds `values` and runs it to the end, returning SQLite's error instead of
    /// throwing it: for a caller that expects many runs to fail (a candidate row SQLite rejects) and goes on
    /// with the next, where a thrown error per rejection would be the main cost.
    ///
    /// - Returns: nil when the statement ran, or the error of the bind or step that failed.
    package func attempt(binding values: [SQLiteValue]) -> SQLiteError? {
        // The result of reset is the previous run's error, already reported to whoever ran it.
        sqlite3_reset(handle)
        guard values.count == parameterCount else {
            return SQLiteError(
                code: .range,
                message: "statement has \(parameterCount) parameters but \(values.count) values were given",
                sql: sql)
        }
        // The statement's text is read only for an error: building it per value would cost more than binding.
        for (index, value) in values.enumerated() {
            let code = bindCode(value, at: Int32(index + 1))
            if code != SQLITE_OK { return connection.lastError(code: code, sql: sql) }
        }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return nil }
            if code != SQLITE_ROW { return connection.lastError(code: code, sql: sql) }
        }
    }
}
