#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteConnection {
    /// The bytes a database file holding this connection's `main` database would have, copied
    /// (`sqlite3_serialize`, <https://www.sqlite.org/c3ref/serialize.html>): an image to keep in memory and open
    /// again with ``init(deserializing:)``, cheaper than keeping the connection. SQLite's copy is freed here; the
    /// returned array is the caller's.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_NOMEM`) when SQLite cannot make the copy.
    /// - Returns: the image; empty for a database without a page (a new in-memory one).
    package func serializedDatabase() throws -> [UInt8] {
        var size: sqlite3_int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
            // NULL for a database without a page too (SQLite allocates nothing for it): only that is not an error.
            guard try integer(sql: "PRAGMA main.page_count") == 0 else {
                throw SQLiteError(code: .noMemory, message: "cannot serialize the database")
            }
            return []
        }
        defer { sqlite3_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
    }

    /// Opens an in-memory connection whose `main` database is a copy of `image` (`sqlite3_deserialize`), such as
    /// ``serializedDatabase()`` made; writes to it change only the copy, which may grow. SQLite owns the copy's
    /// buffer from the call on (`SQLITE_DESERIALIZE_FREEONCLOSE`, also when the call fails) and frees it when the
    /// connection closes.
    ///
    /// The database is SQLite's `memdb`, not a `:memory:` one: to work on a database exactly as a new in-memory
    /// one, copy it into one with ``copyDatabase(into:)``.
    ///
    /// - Throws: ``SQLiteError`` when the connection cannot open, the copy cannot be allocated, or SQLite refuses
    ///   the image.
    package convenience init(deserializing image: [UInt8]) throws {
        try self.init(path: ":memory:")
        guard !image.isEmpty else { return }
        guard let buffer = sqlite3_malloc64(sqlite3_uint64(image.count)) else {
            throw SQLiteError(code: .noMemory, message: "cannot allocate \(image.count) bytes for a database image")
        }
        image.withUnsafeBytes { source in
            if let start = source.baseAddress { buffer.copyMemory(from: start, byteCount: source.count) }
        }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        let size = sqlite3_int64(image.count)
        try check(sqlite3_deserialize(handle, "main", buffer.assumingMemoryBound(to: UInt8.self), size, size, flags))
    }
}
