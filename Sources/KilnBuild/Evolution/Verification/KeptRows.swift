import Kiln

/// The values a plan claims to keep in one table: the tuples of its kept, unconverted columns (with the rowid
/// when the table has one before and after), counted, so that rows before and after compare as multisets.
struct KeptRows {
    /// The table in the current schema.
    let sourceTable: String
    /// The table in the wanted schema.
    let table: String
    /// The kept columns, current and wanted names, in the plan's order.
    let columns: [(source: String, target: String)]
    /// Whether both tables have a rowid and the plan keeps each row's (``SchemaPlanStep/keepsRowIDs``).
    let includesRowID: Bool

    /// One per table the plan keeps, in the order of its kept columns.
    ///
    /// - Parameters:
    ///   - plan: the plan, whose ``SchemaPlan/keptColumns`` name the tables.
    ///   - current: the schema before the plan.
    ///   - wanted: the schema after it.
    /// - Returns: the tables to compare.
    static func all(in plan: SchemaPlan, current: SchemaModel, wanted: SchemaModel) -> [KeptRows] {
        var order: [String] = []
        var groups: [String: [KeptColumn]] = [:]
        for column in plan.keptColumns {
            let key = "\(column.sourceTable.identifierKey)\u{0}\(column.table.identifierKey)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(column)
        }
        let renumbered = Set(plan.steps.filter { !$0.keepsRowIDs }.map(\.name.identifierKey))
        return order.compactMap { key in
            guard let first = groups[key]?.first else { return nil }
            let before = current.tables.first { $0.name.identifierKey == first.sourceTable.identifierKey }
            let after = wanted.tables.first { $0.name.identifierKey == first.table.identifierKey }
            guard let before, let after else { return nil }
            let hasRowID = { (table: SchemaModel.Table) in !table.isWithoutRowID && table.virtualDefinition == nil }
            return KeptRows(
                sourceTable: before.name, table: after.name,
                columns: groups[key, default: []].filter { !$0.isConverted }.map { ($0.sourceColumn, $0.column) },
                includesRowID: hasRowID(before) && hasRowID(after) && !renumbered.contains(after.name.identifierKey))
        }
    }

    /// The tuples of the table before the plan (`beforePlan`) or after it, each with how often it occurs.
    ///
    /// - Throws: ``SQLiteError`` when the table cannot be read.
    func tuples(on connection: SQLiteConnection, beforePlan: Bool) throws -> [[SQLiteValue]: Int] {
        var selected = columns.map { quoted(beforePlan ? $0.source : $0.target) }
        if includesRowID { selected.insert("rowid", at: 0) }
        if selected.isEmpty { selected = ["1"] }
        let name = quoted(beforePlan ? sourceTable : table)
        var counts: [[SQLiteValue]: Int] = [:]
        for row in try connection.rows(sql: "SELECT \(selected.joined(separator: ", ")) FROM main.\(name)") {
            counts[row, default: 0] += 1
        }
        return counts
    }
}
