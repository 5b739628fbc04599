import Kiln

/// How one column of a rebuilt table gets its values: the expression the copy selects for it, the
/// placeholders in that expression, what may be lost, and whether its values are carried over.
struct ColumnCopy {
    /// The column of the new table.
    var target: String
    /// The expression selected from the old table.
    var expression: String
    /// Placeholders in ``expression``.
    var placeholders: [PlanPlaceholder] = []
    /// What the copy may lose or change.
    var risks: [PlanRisk] = []
    /// What the copy does beyond copying values as they are.
    var notes: [String] = []
    /// Whether values may differ from the old column's (converted, or NULLs replaced).
    var isConverted = false
    /// Whether its values go through a conversion the developer writes (so equal values may appear).
    var narrows = false
    /// The old column's name, or nil for a new column.
    var source: String?

    /// A placeholder asking for `description`; verification runs `standIn` instead.
    static func placeholder(_ description: String, standIn: String) -> PlanPlaceholder {
        PlanPlaceholder(
            description: description, sql: "\(PlanPlaceholder.functionName)(\(SQLText.literal(description)))",
            standIn: standIn)
    }

    /// The copy of the kept column `old` into `new`, which `table` (wanted name) has: converted by a
    /// placeholder when the type affinity narrows, through a guard when kiln can tell its only losses row by
    /// row (``ConversionGuard``), with a placeholder for the values of the classes a STRICT column refuses
    /// (`storage`: what the old column holds, what the new one accepts), and with `NULL`s replaced when it
    /// becomes `NOT NULL` or the rowid's alias (`INT PRIMARY KEY` to `INTEGER PRIMARY KEY`: SQLite would
    /// number the rows whose key is NULL).
    static func kept(
        _ old: SchemaModel.Column, into new: SchemaModel.Column, table: String,
        affinities: (TypeAffinity, TypeAffinity), strictness: (old: Bool, new: Bool),
        storage: StrictStorage.Storage, rowIDAlias: (was: Bool, becomes: Bool)
    ) -> ColumnCopy {
        var copy = ColumnCopy(target: new.name, expression: quoted(old.name), source: old.name)
        let subject = "\(quoted(table)).\(quoted(new.name))"
        let to = affinities.1
        let refused = storage.held.subtracting(storage.accepted).sorted()
        let change = affinities.0.change(to: to, holdsOnlyIntegers: storage.held == [.integer])
        switch change {
        case .same, .guarded: break
        case .widening:
            copy.isConverted = true
            copy.notes.append("\(subject) takes \(to.rawValue) affinity: every value is kept, converted where needed")
        case .narrowing:
            let types = (
                typeName(old.declaredType, strict: strictness.old), typeName(new.declaredType, strict: strictness.new)
            )
            let standIn = strictness.new ? "CAST(\(copy.expression) AS \(to.rawValue))" : copy.expression
            copy.convert(from: types.0, to: types.1, in: table, standIn: standIn)
        }
        if change != .narrowing {
            var guarded: ConversionGuard?
            if case .guarded(let conversion) = change { guarded = conversion }
            copy.check(refused: refused, type: new.declaredType, guard: guarded, in: table, affinity: to)
        }
        if rowIDAlias.becomes, !old.isNotNull { return copy.fillingNulls(in: table, becomingRowID: new.name) }
        // The rowid is never NULL.
        guard new.isNotNull, !old.isNotNull, !rowIDAlias.was else { return copy }
        copy.isConverted = true
        if let value = new.defaultExpression, value.uppercased() != "NULL" {
            copy.expression = "coalesce(\(copy.expression), \(value))"
            copy.risks.append(.changesValues(table: table, column: new.name, change: .becomesNotNull(default: value)))
        } else {
            let placeholder = placeholder("a value for rows where \(quoted(new.name)) is NULL", standIn: to.sampleValue)
            copy.expression = "coalesce(\(copy.expression), \(placeholder.sql))"
            copy.placeholders.append(placeholder)
            copy.risks.append(.changesValues(table: table, column: new.name, change: .becomesNotNull(default: nil)))
        }
        return copy
    }

    /// This copy with a placeholder for the rows where the column that becomes the rowid's alias is NULL.
    private func fillingNulls(in table: String, becomingRowID name: String) -> ColumnCopy {
        var copy = self
        copy.isConverted = true
        // Verification lets SQLite number such rows; the developer decides what they get.
        let placeholder = Self.placeholder(
            "a value for rows where \(quoted(name)) is NULL (it becomes the rowid)", standIn: "NULL")
        copy.expression = "coalesce(\(copy.expression), \(placeholder.sql))"
        copy.placeholders.append(placeholder)
        copy.risks.append(.changesValues(table: table, column: name, change: .becomesRowID))
        return copy
    }

    /// The copy into `new`, a column the old table lacks, or nil when its default fills it: a `NOT NULL`
    /// column without a default needs a value for the rows copied.
    static func added(_ new: SchemaModel.Column, affinity: TypeAffinity, isRowIDAlias: Bool) -> ColumnCopy? {
        let hasDefault = new.defaultExpression.map { $0.uppercased() != "NULL" } ?? false
        guard new.isNotNull, !hasDefault, !isRowIDAlias else { return nil }
        let placeholder = placeholder("a value for \(quoted(new.name)) in existing rows", standIn: affinity.sampleValue)
        return ColumnCopy(target: new.name, expression: placeholder.sql, placeholders: [placeholder])
    }

    /// A declared type as the messages name it, with the table's strictness when it changes what the type means.
    static func typeName(_ declaredType: String, strict: Bool) -> String {
        let name = declaredType.isEmpty ? "no type" : declaredType
        // ANY keeps every value as it is in a STRICT table; elsewhere it is a NUMERIC affinity.
        guard declaredType.uppercased() == "ANY" else { return name }
        return strict ? "ANY (STRICT: values kept as they are)" : "ANY (NUMERIC affinity outside STRICT)"
    }
}
