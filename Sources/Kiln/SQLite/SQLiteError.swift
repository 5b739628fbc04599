/// An error reported by SQLite, with everything needed to explain it.
///
/// The ``message`` is SQLite's own text (`sqlite3_errmsg`). When the error comes from SQL text, ``sql`` holds
/// that statement and ``offset`` the byte offset inside it that SQLite blamed (`sqlite3_error_offset`), so a
/// caller that knows where the statement came from can point at a line and column. Bound values are never
/// included.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code.
    public let code: SQLiteResultCode
    /// SQLite's error message, lowercase as SQLite writes it.
    public let message: String
    /// The SQL statement that failed, when the error came from one.
    public let sql: String?
    /// The byte offset in ``sql`` of the token SQLite blamed, when it gave one.
    public let offset: Int?

    /// Creates an error from its parts.
    public init(code: SQLiteResultCode, message: String, sql: String? = nil, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.offset = offset
    }

    public var description: String {
        var text = message
        if let sql { text += " in \"\(sql)\"" }
        return text + " [\(code)]"
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
