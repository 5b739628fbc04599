import Kiln

extension ParameterTypes {
    /// The column of the table SQLite reports an INSERT writes that the parameter at `position` is the whole
    /// value of: its place in a `VALUES` row, matched with the statement's column list, or with the table's
    /// columns in order (generated ones left out) when it has none. The argument is optional when the column
    /// takes NULL.
    func insertedColumn(at position: Int) -> (type: TypedQuery.SwiftType, column: String)? {
        guard let insertedTable, position > 0, position + 1 < tokens.count,
            ["(", ","].contains(lexer.text(of: tokens[position - 1])),
            [")", ","].contains(lexer.text(of: tokens[position + 1])),
            let table = schema.tables.first(where: { $0.name.lowercased() == insertedTable.lowercased() }),
            let values = tokens.firstIndex(where: { lexer.isWord($0, "VALUES") }), values < position
        else { return nil }
        var depth = 0
        var place = 0
        for token in tokens[(values + 1)..<position] {
            let nesting = ColumnTypes.nesting(token, lexer: lexer)
            if nesting == 1, depth == 0 { place = 0 }
            depth += nesting
            if depth == 1, lexer.text(of: token) == "," { place += 1 }
        }
        guard depth == 1 else { return nil }
        let names = columnList(before: values) ?? table.columns.filter { $0.hidden == 0 }.map(\.name)
        guard place < names.count,
            let column = table.columns.first(where: { $0.name.lowercased() == names[place].lowercased() })
        else { return nil }
        // Optional unless the column refuses NULL: NOT NULL, or a WITHOUT ROWID table's key. The rowid alias
        // takes NULL as "assign the next rowid", so it is optional here though it never reads back as NULL.
        let base = ColumnTypes.type(of: column, in: table, nullable: false)
        let refusesNull = column.isNotNull || (table.isWithoutRowID && column.primaryKeyPosition > 0)
        let optional = base.name != "SQLiteValue" && !refusesNull
        return (TypedQuery.SwiftType(base.name, optional: optional), column.name)
    }

    /// The names in the parenthesized column list just before `VALUES`, or nil when there is none.
    private func columnList(before values: Int) -> [String]? {
        guard values > 0, lexer.text(of: tokens[values - 1]) == ")",
            let open = tokens[..<values].lastIndex(where: { lexer.text(of: $0) == "(" })
        else { return nil }
        return tokens[(open + 1)..<(values - 1)].filter { $0.kind == .word || $0.kind == .quotedIdentifier }
            .compactMap { lexer.identifier(of: $0) }
    }
}
