/// The calls of one function in SQL text, read from its tokens (strings, comments and quoted names that
/// merely contain the name do not count): how many arguments each passes, so that a stand-in for a function
/// SQLite does not know can be declared with the count the history uses.
package enum FunctionCalls {
    /// The argument counts of the calls of `name` (compared as SQLite compares names) in `bytes`, each once,
    /// in the order they first appear.
    ///
    /// - Returns: the counts; empty when the text never calls it.
    package static func arities(of name: String, in bytes: [UInt8]) -> [Int] {
        var lexer = SQLLexer(bytes: bytes)
        let tokens = lexer.tokens()
        var found: [Int] = []
        for index in tokens.indices.dropLast() {
            guard lexer.identifier(of: tokens[index])?.isSameIdentifier(as: name) == true,
                lexer.text(of: tokens[index + 1]) == "(",
                let count = argumentCount(from: index + 1, tokens, lexer)
            else { continue }
            if !found.contains(count) { found.append(count) }
        }
        return found
    }

    /// The number of arguments between the `(` at `open` and its `)`: commas at the first depth, plus one
    /// unless the parentheses are empty; nil when the call is never closed.
    private static func argumentCount(from open: Int, _ tokens: [SQLToken], _ lexer: SQLLexer) -> Int? {
        var depth = 0
        var commas = 0
        for index in open..<tokens.count {
            switch lexer.text(of: tokens[index]) {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index == open + 1 ? 0 : commas + 1 }
            case "," where depth == 1: commas += 1
            default: break
            }
        }
        return nil
    }
}
