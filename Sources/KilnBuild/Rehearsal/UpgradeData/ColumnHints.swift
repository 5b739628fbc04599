import Kiln

/// What a table's CHECK constraints say about the values one column may take, as candidates for SQLite to
/// judge: the literals a CHECK names (an `IN` list, `BETWEEN` bounds and their neighbours), the GLOB and LIKE
/// patterns it matches against, the lengths `length(column)` must have, and whether it must hold JSON.
struct ColumnHints {
    /// A pattern a CHECK matches the column against.
    enum Pattern: Hashable {
        /// `column GLOB 'pattern'`.
        case glob(String)
        /// `column LIKE 'pattern'`.
        case like(String)
    }

    /// Literals named by CHECKs on the column, with the neighbours of numbers.
    var literals: [SQLiteValue] = []
    /// Patterns the column is matched against.
    var patterns: [Pattern] = []
    /// Lengths `length(column)` is compared with, and their neighbours.
    var lengths: [Int] = []
    /// Whether a CHECK calls a `json_*` function on the column.
    var isJSON = false
    /// The JSON types a CHECK names (`json_type(column) = 'array'`).
    var jsonTypes: [String] = []

    /// The hints of every column named by a CHECK of `sql`, a `CREATE TABLE` statement.
    ///
    /// - Returns: hints keyed by column name.
    static func read(sql: String, columns: [String]) -> [SQLIdentifierKey: ColumnHints] {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        let names = Set(columns.map(\.identifierKey))
        var hints: [SQLIdentifierKey: ColumnHints] = [:]
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard lexer.isWord(tokens[index], "check"), lexer.text(of: tokens[index + 1]) == "(" else { continue }
            let end = CheckExpression.closingParenthesis(in: tokens, lexer: lexer, from: index + 1)
            let expression = CheckExpression(tokens: Array(tokens[(index + 2)..<end]), lexer: lexer, columns: names)
            for column in expression.mentioned {
                expression.addHints(for: column, to: &hints[column, default: .init()])
            }
            index = end
        }
        return hints
    }
}
