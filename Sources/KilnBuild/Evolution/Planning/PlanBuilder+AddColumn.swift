import Kiln

extension PlanBuilder {
    /// The `ALTER TABLE … ADD COLUMN` steps that turn `old` into `new`, or nil when they cannot: the table's
    /// `changes` must only append columns, each of which SQLite can add
    /// (<https://www.sqlite.org/lang_altertable.html#altertabaddcol>): no PRIMARY KEY or UNIQUE, a default that
    /// is a constant, NOT NULL only with a default other than NULL, REFERENCES only with a NULL default, not a
    /// STORED generated column; and kiln's: a CHECK only when it reads no existing value and the defaults pass it
    /// (``NewColumnCheck``), so no existing row can fail it. Each step keeps the change narrowed to its column.
    func addedColumns(_ old: SchemaModel.Table, _ new: SchemaModel.Table, _ changes: [SchemaChange.TableChange])
        -> [SchemaPlanStep]?
    {
        guard new.columns.count > old.columns.count, old.virtualDefinition == nil else { return nil }
        let added = Array(new.columns[old.columns.count...])
        let definitions = CreateTableText(wanted.sql[new.name.identifierKey] ?? "").columnDefinitions()
        guard onlyAppends(added, old, new, changes, definitions) else { return nil }
        var steps: [SchemaPlanStep] = []
        for column in added {
            guard let definition = definitions[column.name.identifierKey], definition.allowsAddColumn,
                Self.canAdd(column, hasReferences: definition.hasReferences)
            else { return nil }
            steps.append(
                SchemaPlanStep(
                    .addColumn, name: "\(new.name).\(column.name)",
                    change: .modifyTable(old: old, new: new, changes: [.addColumn(column)]),
                    comments: ["add column \(quoted(column.name)) to \(quoted(new.name))"],
                    statements: ["ALTER TABLE \(quoted(old.name)) ADD COLUMN \(definition.text)"]))
        }
        return steps
    }

    /// Whether `changes` add exactly the columns `added` (appended) and nothing else but what those columns
    /// bring with them: a foreign key only as an added column's own REFERENCES clause, one per column (a
    /// table-level FOREIGN KEY naming it needs the rebuild), and a CHECK only as the added columns' own, one
    /// that every existing row passes.
    private func onlyAppends(
        _ added: [SchemaModel.Column], _ old: SchemaModel.Table, _ new: SchemaModel.Table,
        _ changes: [SchemaChange.TableChange], _ definitions: [SQLIdentifierKey: CreateTableText.ColumnDefinition]
    ) -> Bool {
        let appended = Set(added.map(\.name.identifierKey))
        let referencing = Set(
            added.filter { definitions[$0.name.identifierKey]?.hasReferences == true }.map(\.name.identifierKey))
        var counts = (columns: 0, keys: 0, checks: 0)
        for change in changes {
            switch change {
            case .addColumn(let column) where appended.contains(column.name.identifierKey): counts.columns += 1
            case .addForeignKey(let key) where key.columns.contains(where: { referencing.contains($0.identifierKey) }):
                counts.keys += 1
            case .addCheck(let check)
            where !old.checks.contains(check)
                && NewColumnCheck.verdict(check, current: old, wanted: new, on: connection) == .passes:
                counts.checks += 1
            default: return false
            }
        }
        let columnChecks = added.reduce(0) { $0 + (definitions[$1.name.identifierKey]?.checkCount ?? 0) }
        return counts.columns == added.count && counts.keys == referencing.count && counts.checks == columnChecks
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
