import Kiln

extension SchemaPlan {
    /// The refusal of this plan's data-losing steps (``dataLosses``) without `--allow-data-loss`, with what
    /// the developer can change instead: a `DEFAULT` for each new `NOT NULL` column that a new `CHECK` names
    /// (its rows would otherwise need a placeholder's value the `CHECK` may refuse), and whether a step drops
    /// a table or a column (a `--rename` would keep it).
    var dataLossRefusal: SchemaPlanError {
        var error = SchemaPlanError(.dataLossRefused(dataLosses))
        error.dropsData = risks.contains { if case .dropsData = $0 { true } else { false } }
        error.columnsWantingDefault = steps.flatMap(\.columnsWantingDefault)
        return error
    }
}

extension SchemaPlanStep {
    /// The columns this step adds as `NOT NULL` with no `DEFAULT` (and not generated) that a `CHECK` it risks
    /// names, as `"table"."column"`.
    fileprivate var columnsWantingDefault: [String] {
        guard case .modifyTable(_, let new, let changes)? = change else { return [] }
        let checked = risks.compactMap { risk -> String? in
            guard case .mayFail(_, .check(let expression)) = risk else { return nil }
            return expression
        }
        guard !checked.isEmpty else { return [] }
        return changes.compactMap { change in
            guard case .addColumn(let column) = change, column.isNotNull, column.defaultExpression == nil,
                column.generatedExpression == nil,
                checked.contains(where: { Self.names(column.name, in: $0) })
            else { return nil }
            return "\(quoted(new.name)).\(quoted(column.name))"
        }
    }

    /// Whether the SQL `expression` names `column` (a name token, as SQLite compares names).
    private static func names(_ column: String, in expression: String) -> Bool {
        var lexer = SQLLexer(expression)
        return lexer.tokens().contains { lexer.identifier(of: $0)?.isSameIdentifier(as: column) == true }
    }
}
