import Kiln

extension TableRebuild {
    /// The old table's stored columns the wanted table lacks, quoted.
    func droppedColumns() -> [String] { droppedColumnNames().map(quoted) }

    /// The old table's stored columns the wanted table lacks (from the table's changes).
    private func droppedColumnNames() -> [String] {
        changes.compactMap { change in
            guard case .dropColumn(let column) = change, column.hidden == 0 else { return nil }
            return column.name
        }
    }

    /// CHECK, UNIQUE and PRIMARY KEY constraints the old table lacks: rows may fail them. A UNIQUE or PRIMARY
    /// KEY the old schema already enforced (``UniqueKey``) fails none. A CHECK whose
    /// `IN (…)` list only gained values (``CheckWidening``) fails no row that passed the old one, and one that
    /// reads only new columns whose defaults pass it (``NewColumnCheck``) fails none.
    func newConstraints() -> [PlanRisk.Constraint] {
        var checks = current.checks
        var added: [PlanRisk.Constraint] = []
        for check in wanted.checks {
            if let index = checks.firstIndex(of: check)
                ?? checks.firstIndex(where: {
                    CheckWidening.widens(check, from: $0)
                })
            {
                checks.remove(at: index)
            } else if NewColumnCheck.verdict(check, current: current, wanted: wanted, on: connection) != .passes {
                added.append(.check(check))
            }
        }
        // Judged against every key the old schema enforced on the table, its UNIQUE indexes included.
        let guarantees = UniqueKey.guarantees(of: current, rowIDAlias: rowIDAlias(of: current), indexes: oldIndexes)
        for unique in wanted.uniqueConstraints
        where !holdsOnlyNulls(unique) && !UniqueKey.isGuaranteed(unique, by: guarantees) {
            added.append(.unique(unique))
        }
        return added
    }

    /// Whether a UNIQUE constraint covers only new columns without a default: every copied row holds NULL
    /// there, and NULLs never collide.
    private func holdsOnlyNulls(_ unique: SchemaModel.Index) -> Bool {
        guard unique.origin == "u" else { return false }
        let old = Set(current.columns.map(\.name.identifierKey))
        return unique.terms.allSatisfy { term in
            guard !term.isExpression, !old.contains(term.expression.identifierKey),
                let column = wanted.columns.first(where: { $0.name.isSameIdentifier(as: term.expression) })
            else { return false }
            return column.hidden == 0 && (column.defaultExpression.map { $0.uppercased() == "NULL" } ?? true)
        }
    }

    /// What the rebuild checks that the old table did not, which fails the migration (never silently) when a
    /// row does not pass: new foreign keys over new columns (whose rows hold the default) and STRICT's types.
    /// A new foreign key over existing columns is a risk to allow (``tableLosses()``).
    func tableNotes() -> [String] {
        let table = quoted(wanted.name)
        var notes = newForeignKeys().filter { !overExistingColumns($0) }.map { key in
            "rows of \(table) whose (\(key.columns.map(quoted).joined(separator: ", "))) match no row of "
                + "\(quoted(key.parentTable)) fail the migration's foreign_key_check"
        }
        if wanted.isStrict, !current.isStrict {
            notes.append("\(table) becomes STRICT: a value that is not of its column's type fails the copy")
        }
        return notes
    }

    /// The wanted UNIQUE and PRIMARY KEY constraints over a column whose values the developer's conversion
    /// writes: values distinct before may be equal after, and a row that repeats one fails the copy.
    func convertedUniques(_ copies: [ColumnCopy]) -> [PlanRisk] {
        let narrowed = Set(copies.filter(\.narrows).map(\.target.identifierKey))
        guard !narrowed.isEmpty else { return [] }
        return wanted.uniqueConstraints.filter { index in
            index.terms.contains { !$0.isExpression && narrowed.contains($0.expression.identifierKey) }
        }.map { .mayFail(table: wanted.name, constraint: .convertedUnique($0)) }
    }

    /// What the rebuild loses, changes or may fail on beyond its columns' conversions.
    func tableRisks() -> [PlanRisk] {
        var risks: [PlanRisk] = []
        let dropped = droppedColumnNames()
        if !dropped.isEmpty { risks.append(.dropsData(table: wanted.name, columns: dropped)) }
        let old = Dictionary(current.columns.map { ($0.name.identifierKey, $0) }, uniquingKeysWith: { a, _ in a })
        for column in wanted.columns where column.hidden >= 2 {
            if let source = old[column.name.identifierKey], source.hidden == 0 {
                risks.append(.changesValues(table: wanted.name, column: column.name, change: .becomesGenerated))
            }
        }
        risks += newConstraints().map { .mayFail(table: wanted.name, constraint: $0) }
        // Values the old table never had to match: a device may hold ones that match no parent row.
        risks += newForeignKeys().filter(overExistingColumns).map {
            .mayFail(table: wanted.name, constraint: .foreignKey($0))
        }
        return risks
    }

    /// The wanted table's foreign keys that point from other columns, or at another table or columns, than
    /// any of the old table's (a changed ON DELETE action alone is not a new reference).
    private func newForeignKeys() -> [SchemaModel.ForeignKey] {
        func reference(_ key: SchemaModel.ForeignKey) -> [SQLIdentifierKey] {
            key.columns.map(\.identifierKey) + [key.parentTable.identifierKey] + key.parentColumns.map(\.identifierKey)
        }
        let old = Set(current.foreignKeys.map(reference))
        return wanted.foreignKeys.filter { !old.contains(reference($0)) }
    }

    /// Whether every child column of `key` is a stored column of the old table (so copied rows carry values
    /// the old table never checked against the parent).
    private func overExistingColumns(_ key: SchemaModel.ForeignKey) -> Bool {
        let stored = Set(current.columns.filter { $0.hidden == 0 }.map(\.name.identifierKey))
        return key.columns.allSatisfy { stored.contains($0.identifierKey) }
    }

}
