#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteConnection {
    /// Copies this connection's `main` database, page by page, into `destination`'s `main` database
    /// (the online backup API, <https://www.sqlite.org/backup.html>), replacing what `destination` held.
    ///
    /// - Throws: ``SQLiteError`` when the copy fails; `destination` is then unchanged or partly written, never
    ///   a mix of two databases that SQLite would accept as consistent.
    package func copyDatabase(into destination: SQLiteConnection) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.lastError(code: sqlite3_errcode(destination.handle))
        }
        let stepCode = sqlite3_backup_step(backup, -1)
        // `sqlite3_backup_finish` releases the backup object whatever happened; its code repeats any error.
        let finishCode = sqlite3_backup_finish(backup)
        guard stepCode == SQLITE_DONE else {
            // The step fails reading this file or writing the destination's; name whichever is a file.
            throw SQLiteError(
                code: SQLiteResultCode(rawValue: stepCode), message: String(cString: sqlite3_errstr(stepCode)),
                file: Self.filePath(of: destination.path) ?? Self.filePath(of: path))
        }
        try destination.check(finishCode)
    }
}
