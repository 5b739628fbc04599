/// A value stored in or bound to SQLite, one case per storage class
/// (<https://www.sqlite.org/datatype3.html>).
public enum SQLiteValue: Hashable, Sendable, CustomStringConvertible {
    /// `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// The storage class's name as `typeof()` reports it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    /// The value for people to read: `NULL`, the number, the text itself, or a blob as `x'0a1b'`.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        case .blob(let bytes): "x'" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "'"
        }
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral
{
    /// An integer value, written as a literal: `let limit: SQLiteValue = 10`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A text value, written as a literal: `let name: SQLiteValue = "Ada"`.
    public init(stringLiteral value: String) { self = .text(value) }
    /// A real value, written as a literal: `let price: SQLiteValue = 2.5`.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// `NULL`, written as `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    /// The integer, when this is an integer value.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }
}
