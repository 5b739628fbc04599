import Kiln

extension PlanPlaceholder {
    /// A call of ``functionName`` found in SQL text.
    package struct Call: Sendable, Equatable {
        /// Its string argument's value, or `kiln_placeholder(...)` when its argument is not one string.
        package let description: String
        /// Where its name starts.
        package let location: SourceLocation
        /// Whether the call is a whole statement, `SELECT kiln_placeholder('…');`: a placeholder for statements
        /// (what `kiln import` writes for a code migration), not for an expression inside one (`kiln plan`'s).
        package var isStatement = false
    }

    /// Each call of ``functionName`` in `source`, in file order: the one detector of placeholders `kiln plan`
    /// wrote, by tokens, so the name in a comment, a string or a quoted identifier is not a call; the name is
    /// compared without ASCII case, as SQLite compares function names.
    ///
    /// - Returns: the calls; none in SQL without placeholders.
    package static func calls(in source: SourceText) -> [Call] {
        var lexer = SQLLexer(bytes: source.bytes)
        let tokens = lexer.tokens()
        var found: [Call] = []
        for (index, token) in tokens.enumerated() where lexer.isWord(token, functionName) {
            guard index + 1 < tokens.count, lexer.text(of: tokens[index + 1]) == "(" else { continue }
            var description = functionName + "(...)"
            var isStatement = false
            if index + 3 < tokens.count, let literal = lexer.literalValue(of: tokens[index + 2]),
                lexer.text(of: tokens[index + 3]) == ")"
            {
                description = literal
                let startsStatement = index == 1 || (index > 1 && lexer.text(of: tokens[index - 2]) == ";")
                let endsStatement = index + 4 == tokens.count || lexer.text(of: tokens[index + 4]) == ";"
                isStatement = index > 0 && lexer.isWord(tokens[index - 1], "select") && startsStatement && endsStatement
            }
            found.append(
                Call(
                    description: description, location: source.location(ofByte: token.range.lowerBound),
                    isStatement: isStatement))
        }
        return found
    }
}
