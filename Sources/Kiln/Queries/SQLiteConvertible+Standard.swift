import Foundation

extension SQLiteValue: SQLiteConvertible {
    /// The value itself.
    public init?(sqliteValue: SQLiteValue) { self = sqliteValue }
    /// The value itself.
    public var sqliteValue: SQLiteValue { self }
}

extension Int64: SQLiteConvertible {
    /// An integer value.
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue else { return nil }
        self = value
    }
    /// An integer value.
    public var sqliteValue: SQLiteValue { .integer(self) }
}

extension Int: SQLiteConvertible {
    /// An integer value that fits.
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue, let fitting = Int(exactly: value) else { return nil }
        self = fitting
    }
    /// An integer value.
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Double: SQLiteConvertible {
    /// A real value, or an integer one (SQLite stores a REAL column's whole numbers as integers on disk and
    /// returns them as reals, but an expression or a column of NUMERIC affinity can return either).
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
    /// A real value.
    public var sqliteValue: SQLiteValue { .real(self) }
}

extension String: SQLiteConvertible {
    /// A text value.
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let value) = sqliteValue else { return nil }
        self = value
    }
    /// A text value.
    public var sqliteValue: SQLiteValue { .text(self) }
}

extension Bool: SQLiteConvertible {
    /// The integer 0 or 1, as SQLite stores `TRUE` and `FALSE`.
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(0): self = false
        case .integer(1): self = true
        default: return nil
        }
    }
    /// 1 or 0.
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
}

extension Array: SQLiteConvertible where Element == UInt8 {
    /// A blob's bytes.
    public init?(sqliteValue: SQLiteValue) {
        guard case .blob(let bytes) = sqliteValue else { return nil }
        self = bytes
    }
    /// A blob.
    public var sqliteValue: SQLiteValue { .blob(self) }
}

extension Data: SQLiteConvertible {
    /// A blob's bytes.
    public init?(sqliteValue: SQLiteValue) {
        guard case .blob(let bytes) = sqliteValue else { return nil }
        self = Data(bytes)
    }
    /// A blob.
    public var sqliteValue: SQLiteValue { .blob([UInt8](self)) }
}

extension Date: SQLiteConvertible {
    /// ISO-8601 text, `2026-03-19T08:30:00Z`, or SQLite's own `2026-03-19 08:30:00` (what `datetime()` and
    /// `CURRENT_TIMESTAMP` give, in UTC).
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(var text) = sqliteValue else { return nil }
        if text.count == 19, text.utf8.dropFirst(10).first == UInt8(ascii: " ") {
            text = String(text.prefix(10)) + "T" + String(text.suffix(8)) + "Z"
        }
        guard let date = try? Date.ISO8601FormatStyle().parse(text) else { return nil }
        self = date
    }
    /// ISO-8601 text in UTC, to the second: `2026-03-19T08:30:00Z`.
    public var sqliteValue: SQLiteValue { .text(formatted(Date.ISO8601FormatStyle())) }
}
