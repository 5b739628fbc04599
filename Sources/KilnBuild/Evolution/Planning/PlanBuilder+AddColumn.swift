import Kiln

extension PlanBuilder {
    /// The `ALTER TABLE … ADD COLUMN` steps that turn `old` into `new`, or nil when they cannot: `new` must be
    /// `old` with columns appended, each of which SQLite can add
    /// (<https://www.sqlite.org/lang_altertable.html#altertabaddcol>): no PRIMARY KEY or UNIQUE, a default that
    /// is a constant, NOT NULL only with a default other than NULL, REFERENCES only with a NULL default, not a
    /// STORED generated column; and kiln's: a CHECK only when it reads no existing value and the defaults pass it
    /// (``NewColumnCheck``), so no existing row can fail it.
    func addedColumns(_ old: SchemaModel.Table, _ new: SchemaModel.Table) -> [SchemaPlanStep]? {
        guard new.columns.count > old.columns.count, old.virtualDefinition == nil else { return nil }
        let added = Array(new.columns[old.columns.count...])
        let definitions = CreateTableText(wanted.sql[new.name.identifierKey] ?? "").columnDefinitions()
        // A foreign key can come along only as the added column's own REFERENCES clause, one per column; a
        // table-level FOREIGN KEY naming it needs the rebuild.
        let referencing = Set(
            added.filter { definitions[$0.name.identifierKey]?.hasReferences == true }.map(\.name.identifierKey))
        var reduced = new
        reduced.columns.removeLast(added.count)
        reduced.foreignKeys.removeAll { key in
            key.columns.contains { referencing.contains($0.identifierKey) }
        }
        // Likewise a CHECK only as the added columns' own, one that every existing row passes.
        reduced.checks.removeAll { check in
            !old.checks.contains(check)
                && NewColumnCheck.verdict(check, current: old, wanted: new, on: connection) == .passes
        }
        let columnChecks = added.reduce(0) { $0 + (definitions[$1.name.identifierKey]?.checkCount ?? 0) }
        guard new.foreignKeys.count - reduced.foreignKeys.count == referencing.count,
            new.checks.count - reduced.checks.count == columnChecks,
            SchemaDifference.compare(expected: SchemaModel(tables: [reduced]), actual: SchemaModel(tables: [old]))
                .isEmpty
        else { return nil }
        var steps: [SchemaPlanStep] = []
        for column in added {
            guard let definition = definitions[column.name.identifierKey], definition.allowsAddColumn,
                Self.canAdd(column, hasReferences: definition.hasReferences)
            else { return nil }
            steps.append(
                SchemaPlanStep(
                    .addColumn, name: "\(new.name).\(column.name)",
                    comments: ["add column \(quoted(column.name)) to \(quoted(new.name))"],
                    statements: ["ALTER TABLE \(quoted(old.name)) ADD COLUMN \(definition.text)"]))
        }
        return steps
    }

    /// The rules of `ADD COLUMN` the model answers.
    private static func canAdd(_ column: SchemaModel.Column, hasReferences: Bool) -> Bool {
        let isNullDefault = column.defaultExpression.map { $0.uppercased() == "NULL" } ?? true
        if column.primaryKeyPosition > 0 || column.hidden == 3 { return false }
        if column.isNotNull && (isNullDefault || column.hidden == 2) { return false }
        if hasReferences && !isNullDefault { return false }
        return true
    }
}
