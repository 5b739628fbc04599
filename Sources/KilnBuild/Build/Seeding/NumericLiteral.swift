import Foundation

/// Recognizes SQL numeric literals in CSV field bytes, without building strings.
enum NumericLiteral {
    /// The value of an integer literal (`-12`, `+7`, `007`) that fits 64 bits, or nil.
    ///
    /// - Returns: the value, or nil when the bytes are not such a literal.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = sign(bytes, at: &index)
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
    /// `nan` or hexadecimal floats), correctly rounded. Bytes must be followed by a NUL in memory, for
    /// `strtod`.
    ///
    /// Most seed values have at most 15 significant digits and a small exponent; those are exact as a
    /// `Double` mantissa and a power of ten, and one IEEE multiplication or division of two exact values is
    /// correctly rounded (Clinger's fast path). Everything else goes to `strtod`, which rounds correctly too.
    ///
    /// - Returns: the value, or nil when the bytes are not such a literal.
    static func real(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = sign(bytes, at: &index)
        var digits = Digits()
        digits.accumulate(bytes, at: &index, fraction: false)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            digits.accumulate(bytes, at: &index, fraction: true)
        }
        guard digits.count > 0, let exponent = exponent(bytes, at: &index), index == bytes.count else { return nil }
        let power = digits.scale + exponent
        if digits.significant <= 15 && digits.mantissa < (1 << 53) && power >= -22 && power <= 22 {
            let mantissa = Double(digits.mantissa)
            let value = power < 0 ? mantissa / powersOfTen[-power] : mantissa * powersOfTen[power]
            return negative ? -value : value
        }
        guard let base = bytes.baseAddress else { return nil }
        return strtod(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), nil)
    }

    /// The digits of a decimal literal: up to 19 significant ones in `mantissa`, and the power of ten it is
    /// scaled by.
    private struct Digits {
        var mantissa: UInt64 = 0
        var count = 0
        var significant = 0
        var scale = 0

        /// Reads a run of digits of the integer part or, when `fraction`, of the fractional part.
        @inline(__always)
        mutating func accumulate(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, fraction: Bool) {
            while index < bytes.count, bytes[index] &- 48 < 10 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 48)
                    if mantissa != 0 { significant += 1 }
                    if fraction { scale -= 1 }
                } else if !fraction {
                    scale += 1
                }
                index += 1
                count += 1
            }
        }
    }

    /// Skips a leading `+` or `-`.
    ///
    /// - Returns: whether it was `-`.
    @inline(__always)
    private static func sign(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") else {
            return false
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "-")
    }

    /// Reads an optional exponent (`e`, an optional sign and at least one digit).
    ///
    /// - Returns: the exponent (0 when there is none, capped at ±100,000), or nil when it has no digits.
    @inline(__always)
    private static func exponent(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int? {
        guard index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") else { return 0 }
        index += 1
        let negative = sign(bytes, at: &index)
        var exponent = 0
        var digits = 0
        while index < bytes.count, bytes[index] &- 48 < 10 {
            if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] &- 48) }
            index += 1
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -exponent : exponent
    }

    /// 10^0 … 10^22, every one exact as a Double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
