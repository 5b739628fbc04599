import Kiln

/// The Swift types of a statement's parameters, from the table columns SQLite resolves.
///
/// What is asked of SQLite: the index of each parameter (`sqlite3_bind_parameter_index`, and for a bare `?`
/// SQLite's rule that it takes the next index after the largest so far), and, through the authorizer while
/// the statement is prepared, every table column it reads or updates and every table it inserts into
/// (``SQLiteAuthorization``); the schema model gives those columns' types. The statement's tokens then only
/// say which of those columns a parameter meets: `column <op> ?` or `? <op> column` (`=`, `==`, `!=`, `<>`,
/// `<`, `<=`, `>`, `>=`, `IS`, `IS NOT`, `LIKE`, `GLOB`), `SET column = ?`, and the place of `?` in an
/// `INSERT`'s `VALUES` row. A column name matches when exactly one table SQLite reports has a column of that
/// name (or the qualifier names one of those tables). A comparison takes the column's type, never optional
/// (nothing is `=` NULL) except after `IS`; an assignment or insert is optional when the column may be NULL.
/// A parameter SQLite cannot place, and no `-- param:` line types, is a ``SQLiteValue`` argument.
struct ParameterTypes {
    let tokens: [SQLToken]
    let lexer: SQLLexer
    let schema: SchemaModel
    /// The columns SQLite reported read or updated, as (table, column).
    let columns: [(table: String, column: String)]
    /// The table an INSERT writes, as SQLite reported it.
    let insertedTable: String?

    /// The type of each parameter token's index, where the tokens tell.
    ///
    /// - Returns: types by 1-based index, with the column name each meets (for a positional one's label), and
    ///   the indexes the statement writes (`?3` alone leaves 1 and 2 unwritten: SQLite binds them NULL).
    func inferred(indexOf: (String) -> Int?) -> (
        types: [Int: (type: TypedQuery.SwiftType, column: String)], written: Set<Int>
    ) {
        var result: [Int: (type: TypedQuery.SwiftType, column: String)] = [:]
        var written: Set<Int> = []
        var largest = 0
        for position in tokens.indices where tokens[position].kind == .parameter {
            let text = lexer.text(of: tokens[position])
            let index: Int?
            if text == "?" {
                index = largest + 1
            } else if text.first == "?" {
                index = Int(text.dropFirst())
            } else {
                index = indexOf(text)
            }
            guard let index else { continue }
            largest = max(largest, index)
            written.insert(index)
            if result[index] == nil, let found = type(at: position) { result[index] = found }
        }
        return (result, written)
    }

    /// What the parameter at `position` meets.
    private func type(at position: Int) -> (type: TypedQuery.SwiftType, column: String)? {
        if let inserted = insertedColumn(at: position) { return inserted }
        let comparisons: Set<String> = ["=", "==", "!=", "<>", "<", "<=", ">", ">="]
        let words: Set<String> = ["IS", "LIKE", "GLOB"]
        for side in [-1, 1] {
            let operatorAt = position + side
            guard tokens.indices.contains(operatorAt) else { continue }
            let op = lexer.text(of: tokens[operatorAt])
            var columnAt = operatorAt + side
            var isIs = lexer.isWord(tokens[operatorAt], "IS")
            if side == -1, lexer.isWord(tokens[operatorAt], "NOT"), operatorAt > 0,
                lexer.isWord(tokens[operatorAt - 1], "IS")
            {
                columnAt -= 1
                isIs = true
            }
            let isOperator =
                comparisons.contains(op) || words.contains(where: { lexer.isWord(tokens[operatorAt], $0) }) || isIs
            // The parameter must be the whole operand: `id = ? + 1` compares `id` with a sum.
            let beyond = position - side
            let operand =
                !tokens.indices.contains(beyond) || !Self.binaryOperators.contains(lexer.text(of: tokens[beyond]))
            guard isOperator, operand, let (table, column) = resolve(columnEndingAt: columnAt, forward: side == 1)
            else { continue }
            let assigns = isAssignment(at: position)
            let optional = isIs || (assigns && !ColumnTypes.isNeverNull(column, in: table))
            let base = ColumnTypes.type(of: column, in: table, nullable: false)
            return (TypedQuery.SwiftType(base.name, optional: optional || (assigns && base.isOptional)), column.name)
        }
        return nil
    }

    /// Operators that bind tighter than a comparison, which make a parameter next to them part of a larger
    /// operand.
    static let binaryOperators: Set<String> = ["+", "-", "*", "/", "%", "||", "&", "|", "<<", ">>", "->", "->>"]

    /// The table column a column reference at `at` names (`name`, `table.name`; read from `at` forwards or
    /// backwards), when SQLite reported exactly one.
    private func resolve(columnEndingAt at: Int, forward: Bool) -> (SchemaModel.Table, SchemaModel.Column)? {
        guard tokens.indices.contains(at), let name = identifier(tokens[at]) else { return nil }
        var columnName = name
        var qualifier: String?
        if forward, at + 2 < tokens.count, lexer.text(of: tokens[at + 1]) == ".", let next = identifier(tokens[at + 2])
        {
            qualifier = name
            columnName = next
        } else if !forward, at >= 2, lexer.text(of: tokens[at - 1]) == ".", let before = identifier(tokens[at - 2]) {
            qualifier = before
        }
        let tables = Set(
            columns.filter { $0.column.lowercased() == columnName.lowercased() }.map { $0.table.lowercased() })
        let chosen =
            qualifier.map { tables.contains($0.lowercased()) ? [$0.lowercased()] : Array(tables) } ?? Array(tables)
        guard chosen.count == 1, let table = schema.tables.first(where: { $0.name.lowercased() == chosen[0] }),
            let column = table.columns.first(where: { $0.name.lowercased() == columnName.lowercased() })
        else { return nil }
        return (table, column)
    }

    private func identifier(_ token: SQLToken) -> String? {
        guard token.kind == .word || token.kind == .quotedIdentifier else { return nil }
        return lexer.identifier(of: token)
    }

    /// Whether the parameter at `position` is a value an UPDATE's SET gives a column.
    private func isAssignment(at position: Int) -> Bool {
        guard let first = tokens.first, lexer.isWord(first, "UPDATE") else { return false }
        let clause = tokens[..<position].last {
            lexer.isWord($0, "SET") || lexer.isWord($0, "WHERE") || lexer.isWord($0, "FROM")
        }
        return clause.map { lexer.isWord($0, "SET") } ?? false
    }
}
