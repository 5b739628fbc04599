import Kiln

/// A use of `length(column)` that keeps the column within lengths: `length(c) <= 40`, `length(c) = 3`,
/// `length(c) BETWEEN 15 AND 34`, `length(c) > 0`. A comparison that excludes lengths (`<>`, `!=`, `NOT BETWEEN`)
/// says nothing about what the column holds.
enum LengthUse {
    /// The column and the lengths the call to `length` at `call` keeps it within, when it is `length(name)`
    /// followed by a comparison with an integer or by `BETWEEN` two integers.
    static func read(_ tokens: [SQLToken], _ lexer: SQLLexer, call: Int) -> (SQLIdentifierKey, ClosedRange<Int>)? {
        var argument = call + 2
        // A qualified name (`NEW.vat_id`, `invoice.vat_id`): the column is after the dot.
        while argument + 2 < tokens.count, lexer.text(of: tokens[argument + 1]) == "." { argument += 2 }
        let close = argument + 1
        guard close + 2 < tokens.count, lexer.text(of: tokens[call + 1]) == "(",
            tokens[argument].kind != .string, let name = lexer.identifier(of: tokens[argument]),
            lexer.text(of: tokens[close]) == ")"
        else { return nil }
        let operation = lexer.text(of: tokens[close + 1]).lowercased()
        guard let bound = integer(tokens, lexer, at: close + 2) else { return nil }
        let range: ClosedRange<Int>?
        switch operation {
        case "=", "==": range = bound...bound
        case "<=": range = 0...bound
        case "<": range = bound > 0 ? 0...(bound - 1) : nil
        case ">=": range = max(0, bound)...Int.max
        case ">": range = max(0, bound + 1)...Int.max
        case "between":
            guard close + 4 < tokens.count, lexer.isWord(tokens[close + 3], "and"),
                let upper = integer(tokens, lexer, at: close + 4), max(0, bound) <= upper
            else { return nil }
            range = max(0, bound)...upper
        default: range = nil
        }
        guard let range, range.upperBound >= 0 else { return nil }
        return (name.identifierKey, range)
    }

    /// The integer literal at `index`, if that token is one.
    private static func integer(_ tokens: [SQLToken], _ lexer: SQLLexer, at index: Int) -> Int? {
        guard index < tokens.count, tokens[index].kind == .number else { return nil }
        return Int(lexer.text(of: tokens[index]))
    }
}
