import Foundation
import KilnSQLiteShim

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// One open SQLite connection, the single owner of its `sqlite3` handle.
///
/// A connection is opened with explicit flags, extended result codes, a busy timeout, double-quoted string
/// literals disabled (so `"name"` is always an identifier), and, unless asked otherwise, defensive mode (no
/// writes to the schema table or other ways to corrupt a file from SQL). It is closed by ``close()``, which
/// reports a failure, or when the last reference goes away.
///
/// A connection is not thread-safe: use it from one thread at a time.
///
/// ## Topics
/// - ``init(path:mode:busyTimeoutMilliseconds:defensive:)``
/// - ``execute(sql:)``
/// - ``prepare(sql:)``
/// - ``transaction(_:_:)``
public final class SQLiteConnection {
    /// How a connection opens its file.
    public enum OpenMode: Sendable {
        /// Read only; the file must exist.
        case readOnly
        /// Read and write; the file must exist.
        case readWrite
        /// Read and write, creating an empty file if there is none.
        case readWriteCreate
    }

    /// The raw handle, for the few places in this module that call SQLite directly.
    let handle: OpaquePointer
    /// The path the connection was opened with.
    public let path: String
    private var isClosed = false

    /// Opens a connection (`sqlite3_open_v2`).
    ///
    /// - Parameters:
    ///   - path: a file path, `":memory:"`, or a `file:` URI.
    ///   - mode: whether the file may be written or created.
    ///   - busyTimeoutMilliseconds: how long a statement waits for another connection's lock before it fails
    ///     with `SQLITE_BUSY`.
    ///   - defensive: turns on `SQLITE_DBCONFIG_DEFENSIVE`.
    /// Before SQLite opens a file, its path (and its `-journal` and `-wal`, which SQLite may read) is checked
    /// without opening it: where something exists that is not a regular file (a folder, a FIFO, a socket, a
    /// device; symbolic links followed), the open is refused, so SQLite never blocks on a FIFO nor reports a
    /// folder as a disk I/O error. When the system refuses to open the file (`SQLITE_CANTOPEN` with an
    /// `errno`: a read-only or immutable folder, a name too long), the error is the system's, naming the path.
    ///
    /// - Throws: ``FileSystemError`` when the path is not a regular file or the system refused to open it;
    ///   ``SQLiteError`` for any other failure to open, such as `SQLITE_CANTOPEN` for a file that does not
    ///   exist when `mode` does not create it.
    public convenience init(
        path: String, mode: OpenMode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5000,
        defensive: Bool = true
    ) throws {
        try self.init(
            path: path, mode: mode, busyTimeoutMilliseconds: busyTimeoutMilliseconds, defensive: defensive,
            clock: .system)
    }

    /// Opens a connection (`sqlite3_open_v2`) whose SQL sees `clock` as the current time (``SQLiteClock``):
    /// kiln's builds pin it so that a `DEFAULT CURRENT_TIMESTAMP` gives the same bytes every time. The other
    /// parameters, and what is checked before the open, are those of
    /// ``init(path:mode:busyTimeoutMilliseconds:defensive:)``.
    ///
    /// - Throws: ``FileSystemError`` or ``SQLiteError``, as the other initializer does; ``SQLiteError`` also
    ///   when the pinned clock's VFS cannot be registered.
    package init(
        path: String, mode: OpenMode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5000,
        defensive: Bool = true, clock: SQLiteClock
    ) throws {
        let file = Self.filePath(of: path)
        if let file {
            for candidate in [file, file + "-journal", file + "-wal"] {
                try FileSystem.requireRegularFileIfPresent(candidate)
            }
        }
        var raw: OpaquePointer?
        let opened = path.hasPrefix("file:") ? path : FileSystem.droppingParentsAboveRoot(path)
        let code = sqlite3_open_v2(opened, &raw, Self.flags(for: mode), try clock.vfsName())
        guard let raw else {
            throw SQLiteError(code: SQLiteResultCode(rawValue: code), message: "out of memory opening \(path)")
        }
        // "Whether or not an error occurs when it is opened, resources associated with the database connection
        // handle should be released by passing it to sqlite3_close() when it is no longer required."
        // (https://www.sqlite.org/c3ref/open.html)
        guard code == SQLITE_OK else {
            let error = Self.openError(raw, file: file, mode: mode)
            sqlite3_close_v2(raw)
            throw error
        }
        self.handle = raw
        self.path = path
        do {
            try check(sqlite3_extended_result_codes(raw, 1))
            try check(sqlite3_busy_timeout(raw, busyTimeoutMilliseconds))
            try configure(SQLITE_DBCONFIG_DQS_DML, 0)
            try configure(SQLITE_DBCONFIG_DQS_DDL, 0)
            if defensive { try configure(SQLITE_DBCONFIG_DEFENSIVE, 1) }
        } catch {
            sqlite3_close_v2(raw)
            isClosed = true
            throw error
        }
        kiln_watch_interrupts(raw)
    }

    /// The `sqlite3_open_v2` flags of a mode.
    private static func flags(for mode: OpenMode) -> Int32 {
        let flags: Int32 = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readOnly: return flags | SQLITE_OPEN_READONLY
        case .readWrite: return flags | SQLITE_OPEN_READWRITE
        case .readWriteCreate: return flags | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
    }

    /// Why `sqlite3_open_v2` failed: the system's error naming the file where SQLite could not open it and
    /// the system said why, else SQLite's own.
    private static func openError(_ raw: OpaquePointer, file: String?, mode: OpenMode) -> any Error {
        let extended = sqlite3_extended_errcode(raw)
        var systemCode = sqlite3_system_errno(raw)
        // A file that must exist and does not stays SQLite's own `SQLITE_CANTOPEN` (callers check for it).
        let missing = systemCode == ENOENT && mode != .readWriteCreate
        if let file, extended & 0xFF == SQLITE_CANTOPEN, systemCode != 0, !missing {
            // When creating fails (a read-only or immutable folder), SQLite retries read-only and keeps that
            // attempt's `ENOENT`; the folder's own refusal is the cause worth telling.
            let folder = FileSystem.parentDirectory(of: file)
            if systemCode == ENOENT, mode == .readWriteCreate, !FileSystem.exists(file),
                FileSystem.isDirectory(folder), access(folder, W_OK) != 0
            {
                systemCode = errno
            }
            return FileSystemError(.open, path: file, code: systemCode)
        }
        let system = systemFailure(raw, code: extended)
        return SQLiteError(
            code: SQLiteResultCode(rawValue: extended), message: String(cString: sqlite3_errmsg(raw)), file: file,
            systemErrno: system.errno, systemCall: system.call)
    }

    /// The file a path given to ``init(path:mode:busyTimeoutMilliseconds:defensive:clock:)`` names on disk: the path
    /// itself, or the path of a `file:` URI (percent-decoding it); nil for an in-memory or temporary database.
    static func filePath(of path: String) -> String? {
        guard path.hasPrefix("file:") else { return path.isEmpty || path == ":memory:" ? nil : path }
        var rest = Substring(path.dropFirst("file:".count))
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            if rest[end...].contains("mode=memory") { return nil }
            rest = rest[..<end]
        }
        if rest.hasPrefix("//") {  // `file://localhost/path` or `file:///path`: drop the authority.
            rest = rest.dropFirst(2)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        let decoded = String(rest).removingPercentEncoding ?? String(rest)
        return decoded.isEmpty || decoded == ":memory:" ? nil : decoded
    }

    deinit {
        // `close_v2` defers the close until every statement is finalized, so a statement outliving its
        // connection by mistake is not a crash.
        if !isClosed { sqlite3_close_v2(handle) }
    }

    /// Closes the connection (`sqlite3_close`).
    ///
    /// - Throws: ``SQLiteError`` with `SQLITE_BUSY` when a statement of this connection is still alive; the
    ///   connection then stays open and is closed when it is released.
    public func close() throws {
        guard !isClosed else { return }
        try check(sqlite3_close(handle))
        isClosed = true
    }

    /// Sets an integer database configuration option (`sqlite3_db_config`).
    func configure(_ option: Int32, _ value: Int32) throws {
        var result: Int32 = 0
        try check(kiln_db_config_int(handle, option, value, &result))
    }

    /// Turns a result code into a thrown ``SQLiteError`` carrying the connection's message; returns other
    /// codes to the caller.
    @discardableResult
    func check(_ code: Int32, sql: String? = nil) throws -> Int32 {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return code
        default: throw lastError(code: code, sql: sql)
        }
    }

    /// The connection's most recent error, as a value.
    func lastError(code: Int32, sql: String? = nil) -> SQLiteError {
        let offset = Int(kiln_error_offset(handle))
        let extended = sqlite3_extended_errcode(handle)
        // The connection's extended code describes the last failing call; if it disagrees with `code` (the
        // call failed before touching the connection), keep the code we were given.
        let resolved = (extended & 0xFF) == (code & 0xFF) ? extended : code
        let system = Self.systemFailure(handle, code: resolved)
        return SQLiteError(
            code: SQLiteResultCode(rawValue: resolved),
            message: String(cString: sqlite3_errmsg(handle)),
            sql: sql,
            offset: sql != nil && offset >= 0 ? offset : nil,
            file: Self.filePath(of: path),
            systemErrno: system.errno, systemCall: system.call)
    }

    /// Whether the connection is outside any transaction (`sqlite3_get_autocommit`).
    ///
    /// SQLite can end a transaction by itself after `SQLITE_FULL`, `SQLITE_IOERR`, `SQLITE_NOMEM` and similar
    /// errors, so code that rolls back checks this first.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// The rowid of the most recent successful insert on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The name of the collating sequence of a column of the main database, e.g. `BINARY` or `NOCASE`
    /// (`sqlite3_table_column_metadata`).
    package func collation(table: String, column: String) throws -> String {
        var collation: UnsafePointer<CChar>?
        let code = sqlite3_table_column_metadata(handle, "main", table, column, nil, &collation, nil, nil, nil)
        try check(code)
        return collation.map { String(cString: $0) } ?? "BINARY"
    }

    /// The SQLite library version, e.g. `"3.40.1"`.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// The SQLite library version as a number, e.g. `3040001`.
    public static var libraryVersionNumber: Int32 { sqlite3_libversion_number() }
}

extension SQLiteConnection {
    /// Prepares one statement (`sqlite3_prepare_v2`).
    ///
    /// - Throws: ``SQLiteError`` when `sql` holds no statement, more than one, one SQLite rejects, or a NUL
    ///   byte (where SQLite would stop reading).
    public func prepare(sql: String) throws -> SQLiteStatement {
        var utf8 = Array(sql.utf8)
        let count = utf8.count
        if let nul = utf8.firstIndex(of: 0) { throw SQLiteError.nulByte(in: utf8, at: nul) }
        utf8.append(0)
        return try utf8.withUnsafeBufferPointer { buffer in
            // The buffer holds at least the terminating NUL, so it has an address.
            guard let address = buffer.baseAddress else { throw SQLiteError(code: .misuse, message: "no SQL text") }
            let base = UnsafeRawPointer(address).assumingMemoryBound(to: CChar.self)
            guard let prepared = try prepareFirst(base, byteCount: count, sql: sql) else {
                throw SQLiteError(code: .misuse, message: "no statement to prepare", sql: sql)
            }
            let remainder = count - prepared.consumedBytes
            if remainder > 0,
                SQLLexer.containsStatement(Array(buffer[prepared.consumedBytes..<count]))
            {
                throw SQLiteError(code: .misuse, message: "more than one statement given to prepare", sql: sql)
            }
            return prepared.statement
        }
    }

    /// Prepares the first statement in a UTF-8 buffer and reports how many bytes it consumed, or returns nil
    /// when the buffer holds only white space and comments.
    func prepareFirst(_ start: UnsafePointer<CChar>, byteCount: Int, sql: String? = nil) throws -> (
        statement: SQLiteStatement, consumedBytes: Int
    )? {
        var raw: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v2(handle, start, Int32(byteCount), &raw, &tail)
        let consumed = tail.map { start.distance(to: $0) } ?? byteCount
        guard code == SQLITE_OK else {
            let text = sql ?? Self.text(start, count: consumed > 0 ? consumed : byteCount)
            throw lastError(code: code, sql: text)
        }
        guard let raw else { return nil }
        return (SQLiteStatement(handle: raw, connection: self), consumed)
    }

    static func text(_ start: UnsafePointer<CChar>, count: Int) -> String {
        let bytes = UnsafeRawBufferPointer(start: start, count: count)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs every statement in `sql`, one after another, discarding any rows (`sqlite3_prepare_v2` with the
    /// tail pointer, then `sqlite3_step`).
    ///
    /// - Throws: ``SQLiteError`` from the first statement that fails; earlier statements stay applied.
    public func execute(sql: String) throws {
        do {
            try forEachStatement(utf8: Array(sql.utf8)) { statement, _ in try statement.run() }
        } catch let failure as SQLiteScriptFailure {
            throw failure.error
        }
    }

    /// Runs a query and returns its rows as values.
    public func rows(sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepare(sql: sql)
        try statement.bind(arguments)
        var rows: [[SQLiteValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return rows
    }

    /// Runs a query and returns the first column of its first row, or nil when there is no row.
    public func scalar(sql: String, _ arguments: [SQLiteValue] = []) throws -> SQLiteValue? {
        let statement = try prepare(sql: sql)
        try statement.bind(arguments)
        // `Optional.none`, spelled out: SQLiteValue is nil-literal expressible, so a bare `nil` here would be
        // `.null`, and "no row" would read as "a row whose value is NULL".
        guard try statement.step() else { return Optional<SQLiteValue>.none }
        return statement.value(at: 0)
    }

    /// Runs a query whose first column is an integer and returns it (0 when there is no row or it is NULL).
    public func integer(sql: String, _ arguments: [SQLiteValue] = []) throws -> Int64 {
        if case .integer(let value)? = try scalar(sql: sql, arguments) { return value }
        return 0
    }
}

/// Connections are used from one thread at a time.
@available(*, unavailable)
extension SQLiteConnection: Sendable {}
