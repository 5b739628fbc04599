#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteConnection {
    /// Turns SQLite's legacy double-quoted string literals on or off for this connection, in both data
    /// statements and schema statements (`SQLITE_DBCONFIG_DQS_DML` and `SQLITE_DBCONFIG_DQS_DDL`).
    ///
    /// Every connection opens with them off, as SQLite recommends: `"name"` is always an identifier, and a
    /// misspelled column in double quotes is an error instead of a string. Turn them on only for a legacy
    /// schema whose SQL uses `"text"` as a string.
    ///
    /// - Parameter allowed: whether `"text"` that names no column is read as a string literal.
    /// - Throws: ``SQLiteError`` when SQLite refuses the setting.
    public func allowDoubleQuotedStringLiterals(_ allowed: Bool) throws {
        try configure(SQLITE_DBCONFIG_DQS_DML, allowed ? 1 : 0)
        try configure(SQLITE_DBCONFIG_DQS_DDL, allowed ? 1 : 0)
    }
}
