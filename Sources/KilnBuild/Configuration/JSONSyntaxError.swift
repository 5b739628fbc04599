/// Text that is not strict JSON (RFC 8259), at the byte where reading stopped.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// A byte that cannot start or continue what is being read here; `expected` says what could.
        case unexpected(byte: UInt8?, expected: String)
        /// The text ends inside a value.
        case unexpectedEnd(expected: String)
        /// A comma after an object's last member or an array's last element.
        case trailingComma
        /// A key that appears twice in one object, named by its dotted path; `firstOffset` is the first one's.
        case duplicateKey(String, firstOffset: Int)
        /// A string with a bad escape, a raw control character or bytes that are not UTF-8.
        case invalidString(String)
        /// Objects and arrays nested deeper than the parser follows.
        case tooDeep
    }

    /// What is wrong.
    package let reason: Reason
    /// The byte offset of the problem.
    package let offset: Int

    /// Plain words for the problem, e.g. `expected ',' or '}' after a member, found 'x'`.
    package var detail: String {
        switch reason {
        case .unexpected(let byte, let expected):
            let found = byte.map { $0 >= 0x20 && $0 < 0x7F ? "'\(Character(Unicode.Scalar($0)))'" : "byte \($0)" }
            return "expected \(expected), found \(found ?? "the end of the file")"
        case .unexpectedEnd(let expected):
            return "expected \(expected), found the end of the file"
        case .trailingComma:
            return "a comma must be followed by another member or element"
        case .duplicateKey(let key, _):
            return "the key '\(key)' appears twice in one object"
        case .invalidString(let problem):
            return problem
        case .tooDeep:
            return "objects and arrays are nested too deeply"
        }
    }
}
