/// Text that is not strict JSON (RFC 8259, with JSONC's comments), at the byte where reading stopped.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// A byte that cannot start or continue what is being read here; `expected` says what could.
        case unexpected(byte: UInt8, expected: String)
        /// The text ends inside a value.
        case unexpectedEnd(expected: String)
        /// A comma after an object's last member or an array's last element.
        case trailingComma
        /// A key that appears twice in one object, named by its dotted path; `firstOffset` is the first one's.
        case duplicateKey(String, firstOffset: Int)
        /// A control character (below U+0020) written raw inside a string, where it must be escaped.
        case unescapedControlCharacter
        /// A string whose bytes are not UTF-8.
        case invalidUTF8
        /// A backslash followed by a byte that starts no JSON escape.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` surrogate without its partner: a high one not followed by a low one, or a lone low one.
        case unpairedSurrogate
        /// Objects and arrays nested deeper than the parser follows.
        case tooDeep
        /// A `/*` comment the file never closes with `*/`; the offset is the `/*`.
        case unterminatedComment
        /// A NUL byte anywhere in the file (in a comment too), or `\u0000` in a string (`escaped`): no name,
        /// path or SQL kiln reads from the file may hold one, since C and SQLite cut text short there.
        case nulCharacter(escaped: Bool)
    }

    /// What is wrong.
    package let reason: Reason
    /// The byte offset of the problem.
    package let offset: Int

    /// Plain words for the problem, e.g. `expected ',' or '}' after a member, found 'x'`.
    package var detail: String { reason.detail }
}

extension JSONSyntaxError.Reason {
    /// Plain words for the problem, e.g. `expected ',' or '}' after a member, found 'x'`.
    package var detail: String {
        switch self {
        case .unexpected(let byte, let expected):
            let found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
            return "expected \(expected), found \(found)"
        case .unexpectedEnd(let expected): return "expected \(expected), found the end of the file"
        case .trailingComma: return "a comma must be followed by another member or element"
        case .duplicateKey(let key, _): return "the key '\(key)' appears twice in one object"
        case .unescapedControlCharacter: return "a control character must be escaped in a string"
        case .invalidUTF8: return "a string must be valid UTF-8"
        case .invalidEscape(let byte): return "'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape"
        case .invalidUnicodeEscape: return "'\\u' must be followed by four hexadecimal digits"
        case .unpairedSurrogate: return "a \\u surrogate must come as a high one followed by a low one"
        case .tooDeep: return "objects and arrays are nested too deeply"
        case .unterminatedComment: return "a '/*' comment must be closed with '*/'"
        case .nulCharacter(escaped: false): return "a NUL byte may not stand anywhere in the file; remove it"
        case .nulCharacter(escaped: true): return "a string may not hold '\\u0000': C and SQLite end text at a NUL"
        }
    }

    /// Whether the problem is a missing or stray byte between values, where a missing comma or quote is the
    /// usual cause.
    var isMisplacedByte: Bool {
        switch self {
        case .unexpected, .unexpectedEnd: true
        default: false
        }
    }
}
