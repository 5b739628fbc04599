import Foundation
import Kiln

/// One CHECK expression's tokens, read for hints.
struct CheckExpression {
    let tokens: [SQLToken]
    let lexer: SQLLexer
    /// The columns it names, in order of first mention.
    let mentioned: [SQLIdentifierKey]

    init(tokens: [SQLToken], lexer: SQLLexer, columns: Set<SQLIdentifierKey>) {
        self.tokens = tokens
        self.lexer = lexer
        var mentioned: [SQLIdentifierKey] = []
        for (offset, token) in tokens.enumerated() {
            guard let name = lexer.identifier(of: token)?.identifierKey, columns.contains(name) else { continue }
            let isCall = offset + 1 < tokens.count && lexer.text(of: tokens[offset + 1]) == "("
            if !isCall && !mentioned.contains(name) { mentioned.append(name) }
        }
        self.mentioned = mentioned
    }

    /// The index of the `)` that closes the `(` at `open`, or the last index when it is not closed.
    static func closingParenthesis(in tokens: [SQLToken], lexer: SQLLexer, from open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            let text = lexer.text(of: tokens[index])
            if text == "(" { depth += 1 } else if text == ")" { depth -= 1 }
            if depth == 0 { return index }
        }
        return tokens.count
    }

    /// Adds what this expression says about `column` to `hints`.
    func addHints(for column: SQLIdentifierKey, to hints: inout ColumnHints) {
        var patternStrings = Set<Int>()
        for (offset, token) in tokens.enumerated() {
            if token.kind == .word, lexer.text(of: token).lowercased().hasPrefix("json") { hints.isJSON = true }
            if lexer.isWord(token, "glob") || lexer.isWord(token, "like"), offset + 1 < tokens.count,
                let pattern = lexer.literalValue(of: tokens[offset + 1]), appliesTo(column, before: offset)
            {
                hints.patterns.append(lexer.isWord(token, "glob") ? .glob(pattern) : .like(pattern))
                patternStrings.insert(offset + 1)
            }
            if lexer.isWord(token, "length"), let lengths = lengthBounds(at: offset, column: column) {
                hints.lengths += lengths
            }
        }
        for (offset, token) in tokens.enumerated() where !patternStrings.contains(offset) {
            if let text = lexer.literalValue(of: token) {
                if hints.isJSON && ["array", "object"].contains(text) { hints.jsonTypes.append(text) }
                hints.literals.append(.text(text))
            } else if token.kind == .number, let value = number(at: offset) {
                hints.literals += NumericNeighbours.around(value)
            }
        }
    }

    /// Whether the GLOB or LIKE at `offset` tests `column` (the token before it names it), or the CHECK names
    /// only that column.
    private func appliesTo(_ column: SQLIdentifierKey, before offset: Int) -> Bool {
        guard offset > 0, let name = lexer.identifier(of: tokens[offset - 1])?.identifierKey else {
            return mentioned == [column]
        }
        return name == column
    }

    /// The number at `offset`, negative when a unary minus precedes it.
    private func number(at offset: Int) -> SQLiteValue? {
        let text = lexer.text(of: tokens[offset])
        var negative = false
        if offset > 0, lexer.text(of: tokens[offset - 1]) == "-" {
            let before = offset > 1 ? tokens[offset - 2] : nil
            negative = before.map { $0.kind == .symbol && lexer.text(of: $0) != ")" || $0.kind == .word } ?? true
            if let before, before.kind == .word, mentioned.contains(lexer.text(of: before).identifierKey) {
                negative = false
            }
        }
        if let integer = Int64(text) { return .integer(negative ? -integer : integer) }
        if let real = Double(text) { return .real(negative ? -real : real) }
        return nil
    }

    /// For `length(column) BETWEEN a AND b` or `length(column) <op> n`: lengths that are on and around the
    /// bounds (never negative).
    private func lengthBounds(at offset: Int, column: SQLIdentifierKey) -> [Int]? {
        guard offset + 4 < tokens.count, lexer.text(of: tokens[offset + 1]) == "(",
            lexer.identifier(of: tokens[offset + 2])?.identifierKey == column,
            lexer.text(of: tokens[offset + 3]) == ")"
        else { return nil }
        var bounds: [Int] = []
        var index = offset + 4
        while index < tokens.count, index <= offset + 7 {
            if tokens[index].kind == .number, let value = Int(lexer.text(of: tokens[index])) { bounds.append(value) }
            index += 1
        }
        if bounds.count == 2 { bounds.insert((bounds[0] + bounds[1]) / 2, at: 0) }
        return bounds.flatMap { [$0, $0 + 1, $0 - 1] }.filter { $0 >= 0 }
    }
}
