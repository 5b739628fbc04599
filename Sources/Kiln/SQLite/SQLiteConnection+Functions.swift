import KilnSQLiteShim

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// What a registered function's C context points at: the body, retained by SQLite until it drops the
/// function (replaced, or the connection closed), when the destroy callback releases it.
private final class FunctionBox {
    let body: ([SQLiteValue]) throws -> SQLiteValue
    init(_ body: @escaping ([SQLiteValue]) throws -> SQLiteValue) { self.body = body }
}

extension SQLiteConnection {
    /// Registers a scalar SQL function on this connection (`sqlite3_create_function_v2`), as an app registers
    /// the functions its migrations, defaults, views or triggers call (a `slugify(title)`) before it migrates
    /// or queries. SQLite looks up application functions before its built-in ones
    /// (<https://www.sqlite.org/appfunc.html>), as `useDeterministicRandomness(seed:)` relies on.
    ///
    /// Registering the same name and argument count again replaces the earlier body. An error thrown by the
    /// body fails the statement that called the function, with the error's description as SQLite's message.
    ///
    /// - Parameters:
    ///   - name: the function's name.
    ///   - argumentCount: how many arguments it takes, 0 to 127, or -1 for any number.
    ///   - deterministic: whether the same arguments always give the same result
    ///     (`SQLITE_DETERMINISTIC`), which SQLite requires of functions used in indexes, CHECK constraints
    ///     and generated columns.
    ///   - body: computes the result from the arguments, in their storage classes.
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration (an argument count out of range,
    ///   `SQLITE_BUSY` while a statement of this connection is running).
    public func createFunction(
        named name: String, argumentCount: Int, deterministic: Bool = true,
        _ body: @escaping ([SQLiteValue]) throws -> SQLiteValue
    ) throws {
        let context = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
        let flags = SQLITE_UTF8 | (deterministic ? SQLITE_DETERMINISTIC : 0)
        // Unlike the collation call, this one runs the destroy callback itself when it fails.
        let code = sqlite3_create_function_v2(
            handle, name, Int32(clamping: argumentCount), flags, context,
            { context, count, arguments in
                guard let context, let box = sqlite3_user_data(context) else { return }
                let function = Unmanaged<FunctionBox>.fromOpaque(box).takeUnretainedValue()
                let values = (0..<Int(count)).map { SQLiteFunctionValue.read(arguments?[$0]) }
                do {
                    SQLiteFunctionValue.setResult(try function.body(values), on: context)
                } catch {
                    sqlite3_result_error(context, String(describing: error), -1)
                }
            }, nil, nil,
            { context in
                guard let context else { return }
                Unmanaged<FunctionBox>.fromOpaque(context).release()
            })
        try check(code)
    }
}

/// Converting between ``SQLiteValue`` and the `sqlite3_value`/`sqlite3_context` of a function call.
private enum SQLiteFunctionValue {
    /// An argument, in its storage class.
    static func read(_ value: OpaquePointer?) -> SQLiteValue {
        guard let value else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return .text("") }
            let count = Int(sqlite3_value_bytes(value))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard let bytes = sqlite3_value_blob(value) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// Sets the call's result; SQLite copies text and blobs.
    static func setResult(_ result: SQLiteValue, on context: OpaquePointer) {
        switch result {
        case .null: sqlite3_result_null(context)
        case .integer(let number): sqlite3_result_int64(context, number)
        case .real(let number): sqlite3_result_double(context, number)
        case .text(var text):
            text.withUTF8 { bytes in
                // An empty string still needs a non-NULL pointer, or SQLite returns NULL instead of ''.
                let base = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(bitPattern: 1)
                sqlite3_result_text64(
                    context, base?.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
                    kiln_transient_destructor(), UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes { raw in
                // A zero-length blob still needs a non-NULL pointer, or SQLite returns NULL.
                sqlite3_result_blob64(
                    context, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(raw.count),
                    kiln_transient_destructor())
            }
        }
    }
}
