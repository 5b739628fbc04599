import Foundation

/// How a column wants its values stored, by the rules of <https://www.sqlite.org/datatype3.html>
/// (section 3.1, "Determination Of Column Affinity"), plus the exact types of STRICT tables.
public enum ColumnAffinity: String, Sendable, Equatable {
    /// Declared type contains `INT`.
    case integer
    /// Declared type contains `CHAR`, `CLOB` or `TEXT`.
    case text
    /// Declared type is `BLOB`.
    case blob
    /// No declared type: values are stored as given (seeds bind text).
    case none
    /// Declared type contains `REAL`, `FLOA` or `DOUB`.
    case real
    /// Anything else, e.g. `NUMERIC`, `DECIMAL`, `BOOLEAN`, `DATE`.
    case numeric
    /// `ANY` in a STRICT table: values are stored as given (seeds bind text).
    case any

    /// A declared type with this affinity, for tables kiln creates itself.
    var storageTypeName: String {
        switch self {
        case .integer: "INTEGER"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .none, .any: ""
        case .real: "REAL"
        case .numeric: "NUMERIC"
        }
    }

    /// The affinity of a declared type, e.g. `VARCHAR(20)` is ``text``.
    public init(declaredType: String, strict: Bool) {
        let type = declaredType.uppercased()
        if strict && type == "ANY" {
            self = .any
        } else if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.isEmpty {
            self = .none
        } else if type.contains("BLOB") {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}

/// Recognizes SQL numeric literals in CSV field bytes, without building strings.
enum NumericLiteral {
    /// The value of an integer literal (`-12`, `+7`, `007`) that fits 64 bits, or nil.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.count else { return nil }
        // Accumulate as a negative number so Int64.min fits.
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- 48
            guard digit < 10 else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = shifted.subtractingReportingOverflow(Int64(digit))
            guard !overflowA, !overflowB else { return nil }
            value = next
            index += 1
        }
        if negative { return value }
        return value == Int64.min ? nil : -value
    }

    /// The value of a decimal real literal (`[+-]digits[.digits][e[+-]digits]` or `[+-].digits…`; not `inf`,
    /// `nan` or hexadecimal floats), correctly rounded, or nil when the bytes are not one. Bytes must be followed by a NUL in memory, for `strtod`.
    ///
    /// Most seed values have at most 15 significant digits and a small exponent; those are exact as a
    /// `Double` mantissa and a power of ten, and one IEEE multiplication or division of two exact values is
    /// correctly rounded (Clinger's fast path). Everything else goes to `strtod`, which rounds correctly too.
    static func real(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var scale = 0
        while index < bytes.count, bytes[index] &- 48 < 10 {
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 48)
                if mantissa != 0 { significant += 1 }
            } else {
                scale += 1
            }
            index += 1
            digits += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] &- 48 < 10 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 48)
                    if mantissa != 0 { significant += 1 }
                    scale -= 1
                }
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponentDigits = 0
            while index < bytes.count, bytes[index] &- 48 < 10 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] &- 48) }
                index += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        let power = scale + exponent
        if significant <= 15 && mantissa < (1 << 53) && power >= -22 && power <= 22 {
            let value = power < 0 ? Double(mantissa) / powersOfTen[-power] : Double(mantissa) * powersOfTen[power]
            return negative ? -value : value
        }
        return strtod(UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), nil)
    }

    /// 10^0 … 10^22, every one exact as a Double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
