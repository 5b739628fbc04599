import Kiln

/// Turning field bytes into bound values by their column's affinity.
enum SeedValue {
    /// Binds one field of `reader`'s current record: NULL when it is empty and unquoted, else its bytes by
    /// `affinity`.
    ///
    /// - Returns: whether the field was bound as text, which SQLite then converts by the column's affinity.
    @inline(__always)
    @discardableResult
    static func bind(
        _ reader: borrowing CSVReader, _ field: CSVField, as affinity: SchemaModel.Affinity,
        to statement: SQLiteStatement,
        at position: Int
    ) throws -> Bool {
        if field.isNull {
            try statement.bindNull(at: position)
            return false
        }
        return try reader.withBytes(of: field) { bytes in
            try bind(bytes, affinity: affinity, to: statement, at: position)
        }
    }

    /// Binds non-NULL field bytes (followed by a NUL in memory) to `statement` by `affinity`.
    ///
    /// - Returns: whether the bytes were bound as text.
    @inline(__always)
    @discardableResult
    static func bind(
        _ bytes: UnsafeBufferPointer<UInt8>, affinity: SchemaModel.Affinity, to statement: SQLiteStatement,
        at position: Int
    ) throws -> Bool {
        switch affinity {
        case .integer:
            if let value = NumericLiteral.integer(bytes) {
                try statement.bind(integer: value, at: position)
                return false
            }
        case .real:
            if let value = NumericLiteral.real(bytes) {
                try statement.bind(real: value, at: position)
                return false
            }
        case .numeric:
            if let value = NumericLiteral.integer(bytes) {
                try statement.bind(integer: value, at: position)
                return false
            }
            if let value = NumericLiteral.real(bytes) {
                try statement.bind(real: value, at: position)
                return false
            }
        case .blob:
            try statement.bind(blob: bytes, at: position)
            return false
        case .text, .none, .any:
            break
        }
        // The reader keeps the record's bytes until its next record, and every parameter is bound again
        // before each step, so SQLite may read them in place.
        try statement.bind(borrowedUTF8: bytes, at: position)
        return true
    }

    /// The value a field binds as, for comparisons in diagnostics.
    ///
    /// - Returns: the value SQLite receives for the field.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, isNull: Bool, affinity: SchemaModel.Affinity) -> SQLiteValue
    {
        if isNull { return .null }
        switch affinity {
        case .integer, .numeric:
            if let value = NumericLiteral.integer(bytes) { return .integer(value) }
            if affinity == .numeric, let value = NumericLiteral.real(bytes) { return .real(value) }
        case .real:
            if let value = NumericLiteral.real(bytes) { return .real(value) }
        case .blob:
            return .blob(Array(bytes))
        default: break
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
