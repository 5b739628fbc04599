#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteStatement {
    // Readers of one storage class, reading the column with its own sqlite3_column_* call and building no
    // SQLiteValue: what generated code calls for Int64, Double, String and [UInt8] columns. Each accepts what
    // the type's SQLiteConvertible conformance accepts, and nothing else.

    /// Result column `index` (0-based) of the current row, an integer.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is not an integer (NULL included).
    public func int64(at index: Int) throws -> Int64 {
        let column = Int32(index)
        guard sqlite3_column_type(handle, column) == SQLITE_INTEGER else { throw mismatch(at: index, "Int64") }
        return sqlite3_column_int64(handle, column)
    }

    /// Result column `index` (0-based) of the current row, an integer or nil for NULL.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is neither.
    public func int64OrNil(at index: Int) throws -> Int64? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : try int64(at: index)
    }

    /// Result column `index` (0-based) of the current row, a real or an integer, as a `Double`.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is neither (NULL included).
    public func double(at index: Int) throws -> Double {
        let column = Int32(index)
        let type = sqlite3_column_type(handle, column)
        guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else { throw mismatch(at: index, "Double") }
        return type == SQLITE_FLOAT
            ? sqlite3_column_double(handle, column) : Double(sqlite3_column_int64(handle, column))
    }

    /// Result column `index` (0-based) of the current row, a real or an integer as a `Double`, or nil for NULL.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is none of these.
    public func doubleOrNil(at index: Int) throws -> Double? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : try double(at: index)
    }

    /// Result column `index` (0-based) of the current row, text, read with its byte length.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is not text (NULL included).
    public func string(at index: Int) throws -> String {
        let column = Int32(index)
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT else { throw mismatch(at: index, "String") }
        // "call sqlite3_column_text() first to force the result into the desired format, then invoke
        // sqlite3_column_bytes() to find the size of the result" (https://www.sqlite.org/c3ref/column_blob.html)
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Result column `index` (0-based) of the current row, text, or nil for NULL.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is neither.
    public func stringOrNil(at index: Int) throws -> String? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : try string(at: index)
    }

    /// Result column `index` (0-based) of the current row, a blob's bytes.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is not a blob (NULL included).
    public func blob(at index: Int) throws -> [UInt8] {
        let column = Int32(index)
        guard sqlite3_column_type(handle, column) == SQLITE_BLOB else { throw mismatch(at: index, "[UInt8]") }
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// Result column `index` (0-based) of the current row, a blob's bytes, or nil for NULL.
    ///
    /// - Throws: ``SQLiteConversionError`` when it is neither.
    public func blobOrNil(at index: Int) throws -> [UInt8]? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : try blob(at: index)
    }

    private func mismatch(at index: Int, _ type: String) -> SQLiteConversionError {
        SQLiteConversionError(column: columnName(at: index), type: type, storageClass: value(at: index).typeName)
    }
}
