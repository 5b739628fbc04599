/// The reading direction of ``SQLText``: the value a quoted token stands for, as SQLite reads it.
///
/// - A string literal `'…'` stands for the text between its quotes, each doubled `''` read as one `'`.
/// - A quoted identifier stands for the name between its quotes: `"…"` and `` `…` `` with each doubled quote
///   read as one, `[…]` as it is (a bracket has no escape: the first `]` ends it).
extension SQLText {
    /// The text the string literal `literal` stands for: `'it''s'` is `it's`, `''` the empty text.
    ///
    /// - Returns: the text; nil when `literal` does not start and end with a single quote.
    package static func literalValue(_ literal: String) -> String? {
        let bytes = Array(literal.utf8)
        guard bytes.count >= 2, bytes.first == singleQuote, bytes.last == singleQuote else { return nil }
        return String(decoding: unquoted(bytes[...]), as: UTF8.self)
    }

    /// The name the quoted identifier `identifier` stands for: `"a""b"` is `a"b`, `` `a``b` `` is ``a`b``,
    /// `[a b]` is `a b`.
    ///
    /// - Returns: the name; nil when `identifier` is not enclosed in one of the three identifier quotes.
    package static func identifierValue(_ identifier: String) -> String? {
        let bytes = Array(identifier.utf8)
        guard bytes.count >= 2, let open = bytes.first, open != singleQuote, let close = closingQuote(of: open),
            bytes.last == close
        else { return nil }
        return String(decoding: unquoted(bytes[...]), as: UTF8.self)
    }

    /// The bytes of a quoted token without its first byte (the opening quote) and its last (the closing one),
    /// each doubled closing quote in between read as one; a bracket has no escape. The lexer's tokens always
    /// start with their quote; an unterminated one loses its last byte, as SQLite would refuse it anyway.
    package static func unquoted(_ token: ArraySlice<UInt8>) -> [UInt8] {
        guard let open = token.first else { return [] }
        let close = closingQuote(of: open) ?? open
        let escapes = open != UInt8(ascii: "[")
        var value: [UInt8] = []
        value.reserveCapacity(token.count)
        var afterQuote = false
        for byte in token.dropFirst().dropLast() {
            if escapes, byte == close, afterQuote {
                afterQuote = false
                continue
            }
            afterQuote = byte == close
            value.append(byte)
        }
        return value
    }

    private static let singleQuote = UInt8(ascii: "'")

    /// The byte that closes a token opened by `open`: the same quote, or `]` for `[`; nil for any other byte.
    private static func closingQuote(of open: UInt8) -> UInt8? {
        switch open {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): open
        case UInt8(ascii: "["): UInt8(ascii: "]")
        default: nil
        }
    }
}
