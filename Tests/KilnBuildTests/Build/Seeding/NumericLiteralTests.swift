import Foundation
import Testing

@testable import Kiln
@testable import KilnBuild

@Suite("Numeric literals and UTF-8 validation")
struct NumericLiteralTests {
    private func real(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { NumericLiteral.real(UnsafeBufferPointer(rebasing: $0.dropLast())) }
    }

    private func integer(_ text: String) -> Int64? {
        Array(text.utf8).withUnsafeBufferPointer { NumericLiteral.integer($0) }
    }

    @Test("integer literals fit 64 bits or are not integers")
    func integers() {
        #expect(integer("0") == 0 && integer("-12") == -12 && integer("+7") == 7 && integer("007") == 7)
        #expect(integer("9223372036854775807") == Int64.max && integer("-9223372036854775808") == Int64.min)
        #expect(integer("9223372036854775808") == nil && integer("") == nil && integer("-") == nil)
        #expect(integer("1.0") == nil && integer(" 1") == nil && integer("1e3") == nil && integer("0x10") == nil)
    }

    @Test("decimal literals parse like strtod, and non-literals are refused")
    func literals() {
        #expect(
            real("inf") == nil && real("nan") == nil && real("0x1p3") == nil && real("1e") == nil && real(".") == nil)
        #expect(real("") == nil && real("1,5") == nil && real(" 1") == nil && real("1.5 ") == nil)
        #expect(real(".5") == 0.5 && real("5.") == 5 && real("-0") == 0 && real("+1e+2") == 100)
        #expect(real("1e400") == .infinity)
    }

    @Test("the fast path rounds exactly as strtod does, on 200,000 random literals")
    func fastPathMatchesStrtod() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<200_000 {
            let digits = Int.random(in: 1...20, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            let point = Int.random(in: 0...digits, using: &generator)
            for position in 0..<digits {
                if position == point && position > 0 { text += "." }
                text += String(Int.random(in: 0...9, using: &generator))
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                text += "e\(Int.random(in: -30...30, using: &generator))"
            }
            let expected = strtod(text, nil)
            let parsed = real(text)
            #expect(parsed?.bitPattern == expected.bitPattern, "\(text): \(String(describing: parsed)) != \(expected)")
            if parsed?.bitPattern != expected.bitPattern { return }
        }
    }

    @Test("the UTF-8 validator agrees with the standard library on random bytes")
    func utf8Validator() {
        var generator = SeededGenerator(seed: 7)
        let interesting: [UInt8] = [
            0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F, 0xF5,
            0xFF,
        ]
        for _ in 0..<50_000 {
            let bytes = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                interesting.randomElement(using: &generator)!
            }
            let ours = bytes.withUnsafeBufferPointer {
                UTF8Validation.firstInvalidOffset($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((ours == nil) == valid, "\(bytes.map { String($0, radix: 16) })")
            if (ours == nil) != valid { return }
        }
    }
}
