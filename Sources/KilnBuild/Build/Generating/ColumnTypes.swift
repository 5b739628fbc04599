import Kiln

/// The Swift type of a result column, from what SQLite says of it.
///
/// A column read straight from a table (`sqlite3_column_table_name` and `sqlite3_column_origin_name` name
/// it) takes its type from the column's affinity as the schema model reads it of SQLite (`pragma_table_xinfo`
/// and a probe of SQLite's own affinity rule): INTEGER → `Int64`, REAL → `Double`, TEXT → `String`, BLOB →
/// `[UInt8]` (the bytes ``SQLiteValue/blob(_:)`` holds, with no Foundation in between), NUMERIC → `Double?`
/// (whatever its nullability: a NUMERIC column may hold text that is no number, read as a conversion error
/// only when it is not NULL), no declared type or STRICT's `ANY` → ``SQLiteValue``. It is optional unless
/// declared `NOT NULL` (or is the rowid, `INTEGER PRIMARY KEY`, or a `WITHOUT ROWID` table's key) and its
/// table is not on the optional side of a join (``ResultNullability``). `count(…)` is `Int64`, never NULL;
/// any other expression is a ``SQLiteValue`` (whose `.null` says NULL) unless its alias is annotated:
/// `AS "total: Double"`.
enum ColumnTypes {
    /// The type of a column read from `column` of `table`, which may be on the optional side of a join.
    static func type(of column: SchemaModel.Column, in table: SchemaModel.Table, nullable: Bool) -> TypedQuery.SwiftType
    {
        let optional = nullable || !isNeverNull(column, in: table)
        switch column.affinity {
        case .integer: return .init("Int64", optional: optional)
        case .real: return .init("Double", optional: optional)
        case .text: return .init("String", optional: optional)
        case .blob: return .init("[UInt8]", optional: optional)
        case .numeric: return .init("Double", optional: true)
        case .none, .any: return .init("SQLiteValue", optional: false)
        }
    }

    /// Whether SQLite never stores NULL in `column`: `NOT NULL`, the rowid alias of a rowid table (the one
    /// primary key column declared `INTEGER`), or a key column of a `WITHOUT ROWID` table.
    static func isNeverNull(_ column: SchemaModel.Column, in table: SchemaModel.Table) -> Bool {
        if column.isNotNull { return true }
        guard column.primaryKeyPosition > 0 else { return false }
        return table.isWithoutRowID || table.rowIDAlias?.name == column.name
    }

    /// The type of a result column that reads no table column: `count(…)` is `Int64`; anything else a
    /// ``SQLiteValue``.
    static func expressionType(isCount: Bool) -> TypedQuery.SwiftType {
        isCount ? .init("Int64", optional: false) : .init("SQLiteValue", optional: false)
    }

    /// The 0-based result columns that are `count(…)` calls of the statement's own select list (a top-level
    /// item that is exactly `count(…)`, with its alias): read only when the list has one item per result
    /// column (no `*`) and the statement is no compound select.
    static func countColumns(of tokens: [SQLToken], lexer: SQLLexer, columnCount: Int) -> Set<Int> {
        var depth = 0
        var position = 0
        // The first SELECT outside parentheses (after any WITH clause), then DISTINCT or ALL.
        while position < tokens.count, depth > 0 || !lexer.isWord(tokens[position], "SELECT") {
            depth += nesting(tokens[position], lexer: lexer)
            position += 1
        }
        position += 1
        if position < tokens.count, lexer.isWord(tokens[position], "DISTINCT") || lexer.isWord(tokens[position], "ALL")
        {
            position += 1
        }
        var items: [[SQLToken]] = [[]]
        for token in tokens[min(position, tokens.count)...] {
            if depth == 0, lexer.isWord(token, "FROM") { break }
            depth += nesting(token, lexer: lexer)
            if depth == 0, lexer.text(of: token) == "," {
                items.append([])
            } else {
                items[items.count - 1].append(token)
            }
        }
        guard items.count == columnCount else { return [] }
        return Set(items.indices.filter { isCount(items[$0], lexer: lexer) })
    }

    /// +1 for `(`, -1 for `)`, else 0.
    static func nesting(_ token: SQLToken, lexer: SQLLexer) -> Int {
        guard token.kind == .symbol else { return 0 }
        switch lexer.text(of: token) {
        case "(": return 1
        case ")": return -1
        default: return 0
        }
    }

    /// Whether `item` is `count(…)`, then nothing but an alias.
    private static func isCount(_ item: [SQLToken], lexer: SQLLexer) -> Bool {
        guard item.count >= 3, lexer.isWord(item[0], "count"), lexer.text(of: item[1]) == "(" else { return false }
        var depth = 0
        for (index, token) in item.enumerated().dropFirst() {
            depth += nesting(token, lexer: lexer)
            guard depth == 0 else { continue }
            let rest = item[(index + 1)...]
            if rest.isEmpty { return true }
            // `count(…) AS alias` or `count(…) alias`.
            let alias = rest.first.map { lexer.isWord($0, "AS") } == true ? rest.dropFirst() : rest
            return alias.count == 1
        }
        return false
    }
}
