#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteConnection {
    /// The longest string or blob this connection accepts, in bytes (`SQLITE_LIMIT_LENGTH`, asked with
    /// `sqlite3_limit`), so a value can be refused at its place in a file before SQLite refuses it with
    /// "string or blob too big".
    package var maxValueBytes: Int {
        Int(sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, -1))
    }
}
