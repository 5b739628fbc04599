extension JSONParser {
    /// Reads a string from its opening quote: escapes resolved, bytes checked to be UTF-8.
    mutating func readString() throws -> String {
        let start = position
        position += 1  // "
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw JSONSyntaxError(reason: .unexpectedEnd(expected: "'\"'"), offset: position)
            }
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw invalidString(.unescapedControlCharacter) }
            position += 1
            if byte == UInt8(ascii: "\\") {
                try readEscape(into: &utf8)
            } else {
                utf8.append(byte)
            }
        }
        position += 1  // "
        let text = String(decoding: utf8, as: UTF8.self)
        guard Array(text.utf8) == utf8 else {
            throw JSONSyntaxError(reason: .invalidUTF8, offset: start)
        }
        return text
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws {
        guard let byte = peek() else {
            throw JSONSyntaxError(reason: .unexpectedEnd(expected: "an escape"), offset: position)
        }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            position += 1
            utf8.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw invalidString(.invalidEscape(byte))
        }
        let escape = position - 1
        position += 1
        let scalar = try readEscapedScalar()
        guard scalar.value != 0 else { throw JSONSyntaxError(reason: .nulCharacter(escaped: true), offset: escape) }
        utf8 += Array(String(scalar).utf8)
    }

    /// The scalar of `\uXXXX` (after the `u`), joining a surrogate pair `\uD83D\uDE00` into one scalar.
    private mutating func readEscapedScalar() throws -> Unicode.Scalar {
        let first = try readHexQuad()
        if (0xD800..<0xDC00).contains(first) {
            guard peek() == UInt8(ascii: "\\") else {
                throw invalidString(.unpairedSurrogate)
            }
            position += 1
            guard peek() == UInt8(ascii: "u") else {
                throw invalidString(.unpairedSurrogate)
            }
            position += 1
            let second = try readHexQuad()
            guard (0xDC00..<0xE000).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw invalidString(.unpairedSurrogate) }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw invalidString(.unpairedSurrogate) }
        return scalar
    }

    private mutating func readHexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(byte) else {
                throw invalidString(.invalidUnicodeEscape)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func invalidString(_ reason: JSONSyntaxError.Reason) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: position)
    }
}
