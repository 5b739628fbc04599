import Kiln

extension PlanPlaceholder {
    /// A call of ``functionName`` found in SQL text.
    package struct Call: Sendable, Equatable {
        /// Its string argument's value, or `kiln_placeholder(...)` when its argument is not one string.
        package let description: String
        /// Where its name starts.
        package let location: SourceLocation
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
            if index + 3 < tokens.count, let literal = lexer.literalValue(of: tokens[index + 2]),
                lexer.text(of: tokens[index + 3]) == ")"
            {
                description = literal
            }
            found.append(Call(description: description, location: source.location(ofByte: token.range.lowerBound)))
        }
        return found
    }
}
