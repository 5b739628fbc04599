/// An error reported by SQLite, with everything needed to explain it.
///
/// The ``message`` is SQLite's own text (`sqlite3_errmsg`). When the error comes from SQL text, ``sql`` holds
/// that statement and ``offset`` the byte offset inside it that SQLite blamed (`sqlite3_error_offset`), so a
/// caller that knows where the statement came from can point at a line and column. Bound values are never
/// included. An error of a connection to a file also names that ``file``, and for an I/O error or a file
/// SQLite could not open, the ``systemErrno`` behind it: ``explanation`` words both.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code.
    public let code: SQLiteResultCode
    /// SQLite's error message, lowercase as SQLite writes it.
    public let message: String
    /// The SQL statement that failed, when the error came from one.
    public let sql: String?
    /// The byte offset in ``sql`` of the token SQLite blamed, when it gave one.
    public let offset: Int?
    /// The database file of the connection that failed, as it was opened (a `file:` URI decoded); nil for an
    /// in-memory database or an error not raised by a connection.
    public let file: String?
    /// The `errno` of the system call that failed under SQLite (`sqlite3_system_errno`), for `SQLITE_IOERR`
    /// and `SQLITE_CANTOPEN` codes, when the system reported one.
    public let systemErrno: Int32?
    /// The system call that failed, as SQLite's VFS logged it, e.g. `fsync(/srv/app)`; nil when SQLite did not
    /// log one. SQLite has one log per process: the `kiln` command records it from its start, while in an app,
    /// whose log is its own, this is nil and ``systemErrno`` carries the cause.
    public let systemCall: String?

    /// Creates an error from its parts.
    package init(
        code: SQLiteResultCode, message: String, sql: String? = nil, offset: Int? = nil, file: String? = nil,
        systemErrno: Int32? = nil, systemCall: String? = nil
    ) {
        self.code = code
        self.message = message
        self.sql = sql
        self.offset = offset
        self.file = file
        self.systemErrno = systemErrno
        self.systemCall = systemCall
    }

    /// SQLite's message and, for a fault of the file or the system, what exactly failed: the extended code's
    /// name, the system call and the system's `errno` where they are known, e.g. `disk I/O error
    /// (SQLITE_IOERR_DIR_FSYNC: fsync(/srv/app) failed with EIO, Input/output error)`, `disk I/O error
    /// (SQLITE_IOERR_WRITE: EIO, Input/output error)` or `database or disk is full (SQLITE_FULL)`. An error
    /// of the SQL (`no such column: x`) is its message alone: there the code adds nothing a reader can act on.
    public var explanation: String {
        guard code.isFileOrSystemFault else { return message }
        let number = systemErrno.map(SystemErrorNumber.describe)
        switch (systemCall, number) {
        case (let call?, let number?): return "\(message) (\(code.name): \(call) failed with \(number))"
        case (let call?, nil): return "\(message) (\(code.name): \(call) failed)"
        case (nil, let number?): return "\(message) (\(code.name): \(number))"
        case (nil, nil): return "\(message) (\(code.name))"
        }
    }

    /// ``explanation`` after the file it is about, then the statement, and the code's name when
    /// ``explanation`` does not give it: `/tmp/a.db: disk I/O error (SQLITE_IOERR_WRITE, EIO: Input/output
    /// error) in "COMMIT"`, `no such column: x in "SELECT x" (SQLITE_ERROR)`.
    public var description: String {
        var text = (file.map { "\($0): " } ?? "") + explanation
        if let sql { text += " in \"\(sql)\"" }
        return code.isFileOrSystemFault ? text : text + " (\(code.name))"
    }
}

extension SQLiteError {
    /// The error of SQL text holding a NUL byte at `offset`, which kiln refuses before SQLite reads any of it:
    /// SQLite would stop reading there (`SQLITE_ERROR`, as for a token it does not recognize).
    static func nulByte(in utf8: [UInt8], at offset: Int) -> SQLiteError {
        SQLiteError(
            code: .error, message: TextProblem.nulByteInSQLMessage,
            sql: String(decoding: utf8[..<offset], as: UTF8.self),
            offset: offset)
    }
}
