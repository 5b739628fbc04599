#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A SQLite result code, primary or extended (<https://www.sqlite.org/rescode.html>).
///
/// Extended codes carry their primary code in the low byte, so ``primary`` lets a caller match
/// `SQLITE_CONSTRAINT_UNIQUE` as a ``constraint`` failure. Compare with `~=` in a `switch` to match by
/// primary code.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code as SQLite returns it.
    public let rawValue: Int32

    /// Wraps a numeric code as SQLite returns it.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary result code (the low eight bits).
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    /// `SQLITE_OK`.
    public static let ok = SQLiteResultCode(rawValue: 0)
    /// `SQLITE_ERROR`: a generic error, such as an SQL syntax error.
    public static let error = SQLiteResultCode(rawValue: 1)
    /// `SQLITE_BUSY`: another connection holds a conflicting lock.
    public static let busy = SQLiteResultCode(rawValue: 5)
    /// `SQLITE_NOMEM`.
    public static let noMemory = SQLiteResultCode(rawValue: 7)
    /// `SQLITE_READONLY`.
    public static let readOnly = SQLiteResultCode(rawValue: 8)
    /// `SQLITE_IOERR`.
    public static let ioError = SQLiteResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`.
    public static let corrupt = SQLiteResultCode(rawValue: 11)
    /// `SQLITE_FULL`: the disk is full.
    public static let full = SQLiteResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`.
    public static let cannotOpen = SQLiteResultCode(rawValue: 14)
    /// `SQLITE_CONSTRAINT`.
    public static let constraint = SQLiteResultCode(rawValue: 19)
    /// `SQLITE_MISUSE`.
    public static let misuse = SQLiteResultCode(rawValue: 21)
    /// `SQLITE_RANGE`: a bind index out of range.
    public static let range = SQLiteResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`: the file is not a database.
    public static let notADatabase = SQLiteResultCode(rawValue: 26)
    /// `SQLITE_ROW`.
    public static let row = SQLiteResultCode(rawValue: 100)
    /// `SQLITE_DONE`.
    public static let done = SQLiteResultCode(rawValue: 101)

    /// Matches `value` when its primary code equals `pattern`'s primary code.
    public static func ~= (pattern: SQLiteResultCode, value: SQLiteResultCode) -> Bool {
        pattern.primary == value.primary
    }

    public var description: String {
        String(cString: sqlite3_errstr(rawValue)) + " (\(rawValue))"
    }
}
