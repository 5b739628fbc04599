/// The rule for names kiln writes into generated Swift: identifiers, and the names made from SQL ones.
package enum SwiftName {
    /// Swift's keywords, which a generated name may not be without backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol",
    ]

    /// Whether `text` is an ASCII Swift identifier: a letter or `_`, then letters, digits and `_`.
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// `text` with its first letter in upper case: the type name of a query or database name.
    package static func upperCamel(_ text: String) -> String {
        camelWords(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `text` with its first letter in lower case and `snake_case` joined as `snakeCase`: a function, property
    /// or argument name.
    package static func lowerCamel(_ text: String) -> String {
        let upper = upperCamel(text)
        return upper.prefix(1).lowercased() + upper.dropFirst()
    }

    /// `name`, in backticks when it is a keyword.
    package static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// Whether `type` is a Swift type a queries file may name: a dotted name (`Int64`, `MyApp.Status`),
    /// `[UInt8]`, or either with a final `?`.
    package static func isType(_ type: String) -> Bool {
        var base = Substring(type)
        if base.hasSuffix("?") { base = base.dropLast() }
        if base == "[UInt8]" { return true }
        let parts = base.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) && !keywords.contains(String($0)) }
    }

    private static func camelWords(_ text: String) -> [Substring] {
        let words = text.split(separator: "_")
        return words.isEmpty ? [Substring(text)] : words
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
