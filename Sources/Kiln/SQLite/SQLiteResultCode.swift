#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A SQLite result code, primary or extended (<https://www.sqlite.org/rescode.html>).
///
/// Extended codes carry their primary code in the low byte. Matching with `~=` (in a `switch`) or
/// `error.code.matches(.constraint)` follows SQLite's scheme: a primary code pattern matches itself and all of
/// its extended codes (``constraint`` matches ``constraintUnique``), while an extended code pattern matches
/// only itself: ``constraintUnique`` does not match ``constraintNotNull``, nor a bare ``constraint``.
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
    /// `SQLITE_LOCKED`: a conflict within this connection's own shared cache or statements.
    public static let locked = SQLiteResultCode(rawValue: 6)
    /// `SQLITE_NOMEM`.
    public static let noMemory = SQLiteResultCode(rawValue: 7)
    /// `SQLITE_READONLY`.
    public static let readOnly = SQLiteResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`: `sqlite3_interrupt` stopped the statement (Ctrl-C).
    public static let interrupt = SQLiteResultCode(rawValue: 9)
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
    /// `SQLITE_BUSY_SNAPSHOT`: a read transaction cannot be upgraded because the database changed meanwhile.
    public static let busySnapshot = SQLiteResultCode(rawValue: 517)
    /// `SQLITE_READONLY_DBMOVED`: the database file was moved or deleted while open.
    public static let readOnlyDatabaseMoved = SQLiteResultCode(rawValue: 1032)
    /// `SQLITE_READONLY_ROLLBACK`: a read-only connection met a hot journal it may not roll back: an
    /// interrupted write left `<file>-journal`, which the next writer rolls back.
    public static let readOnlyRollback = SQLiteResultCode(rawValue: 776)
    /// `SQLITE_READONLY_RECOVERY`: a read-only connection met a WAL-mode database that needs recovery (its
    /// `-shm` is missing or stale after a crash), which only a connection that may write can run.
    public static let readOnlyRecovery = SQLiteResultCode(rawValue: 264)
    /// `SQLITE_IOERR_SHORT_READ`: the file is shorter than its header says.
    public static let ioErrorShortRead = SQLiteResultCode(rawValue: 522)
    /// `SQLITE_IOERR_FSYNC`: the file could not be flushed to the disk.
    public static let ioErrorFsync = SQLiteResultCode(rawValue: 1034)
    /// `SQLITE_CONSTRAINT_CHECK`: a `CHECK` constraint failed.
    public static let constraintCheck = SQLiteResultCode(rawValue: 275)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key constraint failed.
    public static let constraintForeignKey = SQLiteResultCode(rawValue: 787)
    /// `SQLITE_CONSTRAINT_NOTNULL`: a `NOT NULL` constraint failed.
    public static let constraintNotNull = SQLiteResultCode(rawValue: 1299)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a `PRIMARY KEY` constraint failed.
    public static let constraintPrimaryKey = SQLiteResultCode(rawValue: 1555)
    /// `SQLITE_CONSTRAINT_UNIQUE`: a `UNIQUE` constraint failed.
    public static let constraintUnique = SQLiteResultCode(rawValue: 2067)
    /// `SQLITE_CONSTRAINT_ROWID`: a rowid is not unique.
    public static let constraintRowID = SQLiteResultCode(rawValue: 2579)
    /// `SQLITE_CONSTRAINT_DATATYPE`: a value of the wrong type for a `STRICT` table's column.
    public static let constraintDataType = SQLiteResultCode(rawValue: 3091)
    /// `SQLITE_MISMATCH`: a value that is not an integer for a rowid (an `INTEGER PRIMARY KEY` column).
    public static let mismatch = SQLiteResultCode(rawValue: 20)
    /// `SQLITE_ROW`.
    public static let row = SQLiteResultCode(rawValue: 100)
    /// `SQLITE_DONE`.
    public static let done = SQLiteResultCode(rawValue: 101)

    /// Whether this is a primary code (no extended bits above the low byte).
    public var isPrimary: Bool { rawValue & ~0xFF == 0 }

    /// SQLite's matching rule, pattern first: a primary code pattern matches itself and every extended code
    /// built on it; an extended code pattern matches only itself. So `case .constraint:` in a `switch` over
    /// `error.code` matches `SQLITE_CONSTRAINT_UNIQUE`, ``constraintUnique`` never matches
    /// ``constraintNotNull``, and `case .constraintUnique:` does not match a bare `SQLITE_CONSTRAINT`.
    ///
    /// - Returns: whether `value` is `pattern`, or `pattern` is primary and `value` is built on it.
    public static func ~= (pattern: SQLiteResultCode, value: SQLiteResultCode) -> Bool {
        pattern.isPrimary ? pattern == value.primary : pattern == value
    }

    /// Whether this code is `pattern` or, for a primary `pattern`, one of its extended codes: the rule of
    /// ``~=(_:_:)`` read with the value first, e.g. `error.code.matches(.constraint)`.
    ///
    /// - Returns: `pattern ~= self`.
    public func matches(_ pattern: SQLiteResultCode) -> Bool { pattern ~= self }

    /// SQLite's English text for the code and its number, e.g. `constraint failed (2067)`.
    public var description: String {
        String(cString: sqlite3_errstr(rawValue)) + " (\(rawValue))"
    }
}
