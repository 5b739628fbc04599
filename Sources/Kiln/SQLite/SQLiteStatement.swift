import KilnSQLiteShim

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A prepared statement, the single owner of its `sqlite3_stmt`: it is finalized exactly once, when the
/// statement is released.
///
/// Bind with ``bind(_:)`` or ``bind(_:at:)`` (1-based, as in SQLite), then ``step()`` until it returns false,
/// or ``run()`` for statements whose rows do not matter. ``reset()`` makes the statement ready to run again
/// with new values.
public final class SQLiteStatement {
    let handle: OpaquePointer
    /// Keeps the connection alive for as long as the statement lives.
    public let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// The statement's SQL text as it was prepared (`sqlite3_sql`).
    public var sql: String { String(cString: sqlite3_sql(handle)) }

    /// The number of `?` and named parameters (`sqlite3_bind_parameter_count`).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// The number of result columns (`sqlite3_column_count`).
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Whether the statement leaves the database unchanged (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// The name of result column `index` (0-based).
    public func columnName(at index: Int) -> String {
        guard let name = sqlite3_column_name(handle, Int32(index)) else { return "" }
        return String(cString: name)
    }

    /// Binds every parameter at once, in order.
    ///
    /// - Throws: ``SQLiteError`` with `SQLITE_RANGE` when the number of values differs from
    ///   ``parameterCount``, or the error SQLite reports for a bind.
    public func bind(_ values: [SQLiteValue]) throws {
        guard values.count == parameterCount else {
            throw SQLiteError(
                code: .range,
                message: "statement has \(parameterCount) parameters but \(values.count) values were given",
                sql: sql)
        }
        for (index, value) in values.enumerated() { try bind(value, at: index + 1) }
    }

    /// Binds one value to the 1-based parameter `index`. Text and blobs are copied by SQLite, with their
    /// explicit byte length.
    public func bind(_ value: SQLiteValue, at index: Int) throws {
        try connection.check(bindCode(value, at: Int32(index)), sql: sql)
    }

    /// Binds one value to the 1-based parameter `position`, returning SQLite's code.
    func bindCode(_ value: SQLiteValue, at position: Int32) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(handle, position)
        case .integer(let number): return sqlite3_bind_int64(handle, position, number)
        case .real(let number): return sqlite3_bind_double(handle, position, number)
        case .text(var text): return text.withUTF8 { bindText($0, at: position) }
        case .blob(let bytes):
            return bytes.withUnsafeBytes { raw in
                // A zero-length blob still needs a non-NULL pointer, or SQLite binds NULL.
                sqlite3_bind_blob64(
                    handle, position, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(raw.count),
                    kiln_transient_destructor())
            }
        }
    }

    /// Binds UTF-8 bytes as text with their explicit length, copied by SQLite; returns SQLite's result code.
    func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int32) -> Int32 {
        guard let base = bytes.baseAddress else {
            // An empty string still needs a non-NULL pointer, or SQLite binds NULL instead of ''.
            return sqlite3_bind_text64(handle, position, "", 0, kiln_transient_destructor(), UInt8(SQLITE_UTF8))
        }
        return sqlite3_bind_text64(
            handle, position, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
            kiln_transient_destructor(), UInt8(SQLITE_UTF8))
    }

    // MARK: - Binding without building values (the seeding hot path)

    /// Binds UTF-8 bytes as text to the 1-based parameter `index`, with their explicit length; SQLite copies
    /// them. The bytes must be valid UTF-8.
    package func bind(utf8 bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws {
        let code = bindText(bytes, at: Int32(index))
        if code != SQLITE_OK { throw connection.lastError(code: code, sql: sql) }
    }

    /// Binds UTF-8 bytes as text without copying them (`SQLITE_STATIC`), for loops that bind and step millions
    /// of rows.
    ///
    /// SQLite reads the bytes when the statement is stepped, so they must stay valid and unchanged until the
    /// statement has been stepped and then reset or rebound. The caller binds every parameter again before
    /// each step, so a stale pointer is never read.
    package func bind(borrowedUTF8 bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws {
        let code: Int32
        if let base = bytes.baseAddress {
            code = sqlite3_bind_text64(
                handle, Int32(index), UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                sqlite3_uint64(bytes.count),
                nil, UInt8(SQLITE_UTF8))
        } else {
            code = bindText(bytes, at: Int32(index))
        }
        if code != SQLITE_OK { throw connection.lastError(code: code, sql: sql) }
    }

    /// Binds bytes as a blob to the 1-based parameter `index`; SQLite copies them.
    package func bind(blob bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws {
        // A zero-length blob still needs a non-NULL pointer, or SQLite binds NULL.
        let base = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(bitPattern: 1)
        let code = sqlite3_bind_blob64(
            handle, Int32(index), base, sqlite3_uint64(bytes.count), kiln_transient_destructor())
        if code != SQLITE_OK { throw connection.lastError(code: code, sql: sql) }
    }

    /// Binds a 64-bit integer to the 1-based parameter `index`.
    public func bind(integer value: Int64, at index: Int) throws {
        let code = sqlite3_bind_int64(handle, Int32(index), value)
        if code != SQLITE_OK { throw connection.lastError(code: code, sql: sql) }
    }

    /// Binds a double to the 1-based parameter `index`.
    public func bind(real value: Double, at index: Int) throws {
        let code = sqlite3_bind_double(handle, Int32(index), value)
        if code != SQLITE_OK { throw connection.lastError(code: code, sql: sql) }
    }

    /// Binds NULL to the 1-based parameter `index`.
    public func bindNull(at index: Int) throws {
        let code = sqlite3_bind_null(handle, Int32(index))
        if code != SQLITE_OK { throw connection.lastError(code: code, sql: sql) }
    }

    /// Resets the statement so it can run again, keeping its bindings (`sqlite3_reset` alone), for a caller
    /// that binds every parameter before each run.
    public func resetKeepingBindings() throws {
        let code = sqlite3_reset(handle)
        if code != SQLITE_OK { throw connection.lastError(code: code, sql: sql) }
    }

    /// Advances to the next row (`sqlite3_step`).
    ///
    /// - Returns: true when a row is available, false when the statement is done.
    /// - Throws: ``SQLiteError`` for any other result, with the statement's SQL.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.lastError(code: code, sql: sql)
        }
    }

    /// Steps until the statement is done, discarding rows.
    public func run() throws {
        while try step() {}
    }

    /// Resets the statement so it can run again and clears its bindings.
    public func reset() throws {
        try connection.check(sqlite3_reset(handle), sql: sql)
        try connection.check(sqlite3_clear_bindings(handle), sql: sql)
    }

    /// The value of column `index` (0-based) in the current row, in its storage class.
    public func value(at index: Int) -> SQLiteValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// The text of column `index`, or nil when it is NULL.
    public func text(at index: Int) -> String? {
        if case .text(let text) = value(at: index) { return text }
        if case .null = value(at: index) { return nil }
        return value(at: index).description
    }
}

/// Statements own a C handle tied to one connection and one thread at a time.
@available(*, unavailable)
extension SQLiteStatement: Sendable {}
