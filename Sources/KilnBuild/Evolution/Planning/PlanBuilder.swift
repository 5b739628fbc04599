import Kiln

/// Collects a plan's steps by phase while the two schemas are compared, then puts them in the order they run:
/// renames; triggers, views, indexes and tables dropped; tables created, extended and rebuilt; indexes, views
/// and triggers created.
struct PlanBuilder {
    /// The current schema once the renames ran.
    let current: PlanSchema
    /// The wanted schema.
    let wanted: PlanSchema
    /// The renames, with the names before them.
    let renames: PlanRenames
    /// The wanted database, to ask type affinities of.
    let connection: SQLiteConnection

    /// Triggers, views and indexes dropped, in that order.
    var drops: [SchemaPlanStep] = []
    /// Tables dropped (virtual tables replaced among them).
    var tableDrops: [SchemaPlanStep] = []
    /// Tables created.
    var creates: [SchemaPlanStep] = []
    /// `ALTER TABLE … ADD COLUMN` steps.
    var additions: [SchemaPlanStep] = []
    /// Tables rebuilt.
    var rebuilds: [SchemaPlanStep] = []
    /// Indexes, views and triggers created, in that order.
    var recreates: [SchemaPlanStep] = []
    /// The columns whose values the plan carries over.
    var kept: [KeptColumn] = []
    /// Tables whose old definition goes away while the migration runs (dropped, rebuilt, replaced).
    var replacedTables: Set<SQLIdentifierKey> = []
    /// Tables rebuilt, whose indexes and triggers are created again.
    var rebuiltTables: Set<SQLIdentifierKey> = []
    /// The columns of each rebuilt table whose values a placeholder converts, by the table's folded name.
    var narrowedColumns: [SQLIdentifierKey: Set<SQLIdentifierKey>] = [:]
    private var usedNames: Set<SQLIdentifierKey> = []

    init(current: PlanSchema, wanted: PlanSchema, renames: PlanRenames, connection: SQLiteConnection) {
        self.current = current
        self.wanted = wanted
        self.renames = renames
        self.connection = connection
    }

    /// The steps in the order they run.
    var steps: [SchemaPlanStep] { renames.steps + drops + tableDrops + creates + additions + rebuilds + recreates }

    /// Plans every table: dropped, created, extended with `ADD COLUMN`, rebuilt or kept.
    mutating func planTables() throws {
        for table in current.model.tables where wanted.table(table.name) == nil {
            replacedTables.insert(table.name.identifierKey)
            tableDrops.append(Self.dropTable(table))
        }
        var created: [SchemaModel.Table] = []
        for table in wanted.model.tables {
            guard let old = current.table(table.name) else {
                created.append(table)
                continue
            }
            try planTable(old, table)
        }
        for table in PlanOrder.parentsFirst(created) {
            creates.append(
                SchemaPlanStep(
                    .createTable, name: table.name, comments: ["create table \(quoted(table.name))"],
                    statements: [wanted.sql[table.name.identifierKey] ?? ""]))
        }
    }

    private mutating func planTable(_ old: SchemaModel.Table, _ new: SchemaModel.Table) throws {
        let differences = SchemaDifference.compare(
            expected: SchemaModel(tables: [new]), actual: SchemaModel(tables: [old]))
        guard !differences.isEmpty else {
            keep(old, new, columns: old.columns)
            return
        }
        let key = new.name.identifierKey
        try NewColumnCheck.refuseFailing(current: old, wanted: new, on: connection)
        if old.virtualDefinition != nil || new.virtualDefinition != nil {
            replacedTables.insert(key)
            tableDrops.append(Self.dropTable(old))
            creates.append(
                SchemaPlanStep(
                    .createTable, name: new.name, comments: ["create virtual table \(quoted(new.name)) again, empty"],
                    statements: [wanted.sql[key] ?? ""]))
        } else if let added = addedColumns(old, new) {
            keep(old, new, columns: old.columns)
            additions += added
        } else {
            replacedTables.insert(key)
            rebuiltTables.insert(key)
            let rebuild = TableRebuild(
                current: old, wanted: new, wantedSQL: wanted.sql[key] ?? "", temporaryName: freeName(for: new.name),
                renames: renames, connection: connection)
            let (step, columns, narrowed) = try rebuild.plan()
            narrowedColumns[key] = narrowed
            rebuilds.append(step)
            kept += columns
        }
    }

    /// Every stored column of `columns` carried over as it is.
    private mutating func keep(_ old: SchemaModel.Table, _ new: SchemaModel.Table, columns: [SchemaModel.Column]) {
        for column in columns where column.hidden == 0 {
            kept.append(
                KeptColumn(
                    sourceTable: renames.originalTable(new.name),
                    sourceColumn: renames.originalColumn(table: new.name, column: column.name), table: new.name,
                    column: new.columns.first { $0.name.isSameIdentifier(as: column.name) }?.name ?? column.name))
        }
    }

    /// `DROP TABLE`, which loses the table's rows.
    static func dropTable(_ table: SchemaModel.Table) -> SchemaPlanStep {
        let loss = "table \(quoted(table.name)) is dropped with its rows"
        return SchemaPlanStep(
            .dropTable, name: table.name,
            comments: ["drop table \(quoted(table.name))", "data loss: \(loss)", "kiln:allow drop-table -- \(loss)"],
            statements: ["DROP TABLE \(quoted(table.name))"], dataLoss: loss)
    }

    /// `new_<table>`, or with a number, free among both schemas' objects and the names already taken.
    private mutating func freeName(for table: String) -> String {
        var candidate = "new_\(table)"
        var number = 2
        while current.hasObject(named: candidate) || wanted.hasObject(named: candidate)
            || usedNames.contains(candidate.identifierKey)
        {
            candidate = "new_\(table)_\(number)"
            number += 1
        }
        usedNames.insert(candidate.identifierKey)
        return candidate
    }
}
