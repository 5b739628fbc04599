import KilnSQLiteShim

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteConnection {
    /// Makes every ``SQLiteError`` of an I/O failure from now on carry the system call, path and `errno`
    /// behind it, as SQLite's Unix VFS logs them (`SQLITE_CONFIG_LOG`): `COMMIT` failing with
    /// `SQLITE_IOERR_DIR_FSYNC` then says `fsync(/srv/app) failed with EIO`, which `sqlite3_system_errno`
    /// does not know (it is set only for errors outside a commit).
    ///
    /// SQLite has one log per process, so only the program may choose it: call this once, first thing, before
    /// any connection opens (the kiln command does); an app linking Kiln keeps its own log. Later, SQLite
    /// refuses and this returns false.
    ///
    /// - Returns: whether the log is recorded.
    @discardableResult
    package static func recordSystemErrors() -> Bool {
        kiln_record_system_errors() == SQLITE_OK
    }

    /// The system call and `errno` behind an error of `code`: the line SQLite logged on this thread for that
    /// exact code (when ``recordSystemErrors()`` is on), else `sqlite3_system_errno`, which SQLite records
    /// only for `SQLITE_IOERR` and `SQLITE_CANTOPEN` codes (for any other the value is left from an earlier
    /// failure) and not inside a commit, else the last `errno` of the database file or its journal.
    ///
    /// - Returns: the call as SQLite wrote it (`fsync(/srv/app)`), when the log had it, and the `errno`.
    static func systemFailure(_ handle: OpaquePointer, code: Int32) -> (call: String?, errno: Int32?) {
        guard code & 0xFF == SQLITE_IOERR || code & 0xFF == SQLITE_CANTOPEN else { return (nil, nil) }
        var buffer = [CChar](repeating: 0, count: 1024)
        let logged = kiln_take_logged_error(&buffer, Int32(buffer.count))
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if logged == code, let parsed = parseLogLine(line, code: code) { return parsed }
        let value = sqlite3_system_errno(handle)
        if value != 0 { return (nil, value) }
        let fileValue = kiln_file_errno(handle)
        return (nil, fileValue == 0 ? nil : fileValue)
    }

    /// `os_unix.c:42: (5) fsync(/srv/app) - Input/output error` as the call and the errno. For the fsync of a
    /// folder after a journal's deletion (`SQLITE_IOERR_DIR_FSYNC`) SQLite names the deleted file; the call is
    /// then said as `fsync of the folder of <file>`.
    static func parseLogLine(_ line: String, code: Int32) -> (call: String?, errno: Int32?)? {
        guard let open = line.range(of: ": ("), let close = line[open.upperBound...].range(of: ") "),
            let number = Int32(line[open.upperBound..<close.lowerBound])
        else { return nil }
        let rest = line[close.upperBound...]
        var call = rest.range(of: " - ").map { String(rest[..<$0.lowerBound]) } ?? String(rest)
        if code == SQLITE_IOERR | (5 << 8), call.hasPrefix("fsync("), call.hasSuffix(")") {
            call = "fsync of the folder of " + call.dropFirst("fsync(".count).dropLast()
        }
        return (call.isEmpty ? nil : call, number == 0 ? nil : number)
    }
}
