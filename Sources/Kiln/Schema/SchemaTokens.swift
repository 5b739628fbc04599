/// Token helpers for reading the parts of a stored `CREATE` statement that SQLite's pragmas do not expose.
package enum SchemaTokens {
    /// The index of the `)` that closes the `(` at `open`, or nil when it is never closed.
    package static func closingParenthesis(of open: Int, in tokens: ArraySlice<SQLToken>, lexer: SQLLexer) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex {
            guard tokens[index].kind == .symbol else { continue }
            switch lexer.text(of: tokens[index]) {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// `tokens` cut at each `,` outside parentheses.
    package static func splitAtCommas(_ tokens: ArraySlice<SQLToken>, lexer: SQLLexer) -> [ArraySlice<SQLToken>] {
        var parts: [ArraySlice<SQLToken>] = []
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices where tokens[index].kind == .symbol {
            switch lexer.text(of: tokens[index]) {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                parts.append(tokens[start..<index])
                start = index + 1
            default: break
            }
        }
        parts.append(tokens[start..<tokens.endIndex])
        return parts.filter { !$0.isEmpty }
    }

    /// The parenthesized group of the statement's first `(`: its tokens without the parentheses, and what
    /// follows the `)`; nil when there is none.
    package static func firstGroup(_ tokens: ArraySlice<SQLToken>, lexer: SQLLexer) -> (
        inside: ArraySlice<SQLToken>, after: ArraySlice<SQLToken>
    )? {
        guard let open = tokens.firstIndex(where: { $0.kind == .symbol && lexer.text(of: $0) == "(" }),
            let close = closingParenthesis(of: open, in: tokens, lexer: lexer)
        else { return nil }
        return (tokens[(open + 1)..<close], tokens[(close + 1)...])
    }

    /// The indices of `tokens` outside any parentheses.
    package static func topLevelIndices(_ tokens: ArraySlice<SQLToken>, lexer: SQLLexer) -> [Int] {
        var result: [Int] = []
        var depth = 0
        for index in tokens.indices {
            let text = tokens[index].kind == .symbol ? lexer.text(of: tokens[index]) : ""
            if text == ")" { depth -= 1 }
            if depth == 0 { result.append(index) }
            if text == "(" { depth += 1 }
        }
        return result
    }
}
