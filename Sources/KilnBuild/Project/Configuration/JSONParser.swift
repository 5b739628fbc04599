/// A small, strict JSON reader (RFC 8259) that keeps the byte offset of every key and value.
///
/// Strict means: no trailing commas, no duplicate keys in an object, nothing after the top-level value, strings
/// that are valid UTF-8 without raw control characters. The one leniency is JSONC's comments: `// ...` to the end
/// of the line and `/* ... */` count as white space wherever white space may stand, so a commented `kiln.json`
/// reads and every later offset stays that of the file. Every error carries the offset of the offending byte.
package struct JSONParser {
    /// How deep objects and arrays may nest before reading stops (a guard for the stack).
    static let maximumDepth = 256

    let bytes: [UInt8]
    var position = 0
    private var depth = 0
    /// The keys leading to the object being read, for naming a duplicate key by its path.
    private var path: [String] = []

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads a whole document: one value, with only white space around it, after at most one UTF-8 byte order
    /// mark (RFC 8259 section 8.1 lets a reader ignore it; editors on Windows write one).
    ///
    /// - Throws: ``JSONSyntaxError`` at the first byte that is not strict JSON, and first of all at a NUL byte
    ///   anywhere (in a comment too).
    /// - Returns: the top-level value.
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        if let nul = bytes.firstIndex(of: 0) {
            throw JSONSyntaxError(reason: .nulCharacter(escaped: false), offset: nul)
        }
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        let value = try parser.readValue()
        try parser.skipWhiteSpace()
        if let byte = parser.peek() {
            throw JSONSyntaxError(
                reason: .unexpected(byte: byte, expected: "the end of the file"), offset: parser.position)
        }
        return value
    }

    // MARK: Values

    private mutating func readValue() throws -> JSONValue {
        try skipWhiteSpace()
        let start = position
        guard let byte = peek() else {
            throw JSONSyntaxError(reason: .unexpectedEnd(expected: "a value"), offset: start)
        }
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(kind: .object(try nested { try $0.readMembers() }), offset: start)
        case UInt8(ascii: "["): return JSONValue(kind: .array(try nested { try $0.readElements() }), offset: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try readString()), offset: start)
        case UInt8(ascii: "t"): try readLiteral("true")
        case UInt8(ascii: "f"): try readLiteral("false")
        case UInt8(ascii: "n"): try readLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try readNumber()), offset: start)
        default: throw unexpected("a value")
        }
        let kind: JSONValue.Kind = byte == UInt8(ascii: "n") ? .null : .bool(byte == UInt8(ascii: "t"))
        return JSONValue(kind: kind, offset: start)
    }

    /// Runs `body` one nesting level deeper, refusing documents nested beyond ``maximumDepth``.
    private mutating func nested<T>(_ body: (inout JSONParser) throws -> T) throws -> T {
        guard depth < Self.maximumDepth else { throw JSONSyntaxError(reason: .tooDeep, offset: position) }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func readMembers() throws -> [JSONValue.Member] {
        position += 1  // {
        var members: [JSONValue.Member] = []
        var firstOffsets: [String: Int] = [:]
        try skipWhiteSpace()
        if consume("}") { return members }
        while true {
            try skipWhiteSpace()
            guard peek() == UInt8(ascii: "\"") else { throw unexpected("a key in double quotes") }
            let keyOffset = position
            let key = try readString()
            if let first = firstOffsets[key] {
                let dotted = (path + [key]).joined(separator: ".")
                throw JSONSyntaxError(reason: .duplicateKey(dotted, firstOffset: first), offset: keyOffset)
            }
            firstOffsets[key] = keyOffset
            try skipWhiteSpace()
            guard consume(":") else { throw unexpected("':' after a key") }
            path.append(key)
            members.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: try readValue()))
            path.removeLast()
            guard try readSeparator(closing: "}", what: "',' or '}' after a member") else { return members }
        }
    }

    private mutating func readElements() throws -> [JSONValue] {
        position += 1  // [
        var elements: [JSONValue] = []
        try skipWhiteSpace()
        if consume("]") { return elements }
        while true {
            elements.append(try readValue())
            guard try readSeparator(closing: "]", what: "',' or ']' after an element") else { return elements }
        }
    }

    /// After a member or element: true after a comma (another must follow), false after the closing bracket.
    private mutating func readSeparator(closing: Unicode.Scalar, what: String) throws -> Bool {
        try skipWhiteSpace()
        if consume(closing) { return false }
        let comma = position
        guard consume(",") else { throw unexpected(what) }
        try skipWhiteSpace()
        if peek() == UInt8(ascii: closing) { throw JSONSyntaxError(reason: .trailingComma, offset: comma) }
        return true
    }

    private mutating func readLiteral(_ word: String) throws {
        for expected in word.utf8 {
            guard peek() == expected else { throw unexpected("'\(word)'") }
            position += 1
        }
    }

    // MARK: Numbers

    private mutating func readNumber() throws -> String {
        let start = position
        _ = consume("-")
        if !consume("0") { try readDigits() }
        if consume(".") { try readDigits() }
        if consume("e") || consume("E") {
            if !consume("+") { _ = consume("-") }
            try readDigits()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readDigits() throws {
        guard let byte = peek(), isDigit(byte) else { throw unexpected("a digit") }
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Bytes

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: scalar) else { return false }
        position += 1
        return true
    }

    private func unexpected(_ expected: String) -> JSONSyntaxError {
        guard let byte = peek() else {
            return JSONSyntaxError(reason: .unexpectedEnd(expected: expected), offset: position)
        }
        return JSONSyntaxError(reason: .unexpected(byte: byte, expected: expected), offset: position)
    }
}
