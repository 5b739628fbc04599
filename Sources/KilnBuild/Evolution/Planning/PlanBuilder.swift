import Kiln

/// Collects a plan's steps by phase while the two schemas are compared, then puts them in the order they run:
/// renames; triggers, views, indexes and tables dropped; tables created, extended and rebuilt; full-text tables
/// made again and indexes rebuilt (once the tables they read are in their new form); indexes, views and
/// triggers created.
struct PlanBuilder {
    /// The current schema once the renames ran.
    let current: PlanSchema
    /// The wanted schema.
    let wanted: PlanSchema
    /// The renames, with the names before them.
    let renames: PlanRenames
    /// The wanted database, to ask type affinities of.
    let connection: SQLiteConnection
    /// How the wanted schema differs from the current one once the renames ran.
    let changes: [SchemaChange]

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
    /// FTS5 tables made again with their rows, and full-text indexes rebuilt from their content tables.
    var fullText: [SchemaPlanStep] = []
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
        changes = current.model.changes(to: wanted.model)
    }

    /// The steps in the order they run.
    var steps: [SchemaPlanStep] {
        renames.steps + drops + tableDrops + creates + additions + rebuilds + fullText + recreates
    }

    /// Plans every table from the changes: dropped, created, extended with `ADD COLUMN`, rebuilt or kept.
    mutating func planTables() throws {
        var modified: [SQLIdentifierKey: [SchemaChange.TableChange]] = [:]
        var created: [SchemaModel.Table] = []
        for change in changes {
            switch change {
            case .dropTable(let table):
                replacedTables.insert(table.name.identifierKey)
                tableDrops.append(Self.dropTable(table, change: change))
            case .addTable(let table): created.append(table)
            case .modifyTable(_, let new, let tableChanges): modified[new.name.identifierKey] = tableChanges
            default: continue
            }
        }
        for table in wanted.model.tables {
            guard let old = current.table(table.name) else { continue }
            guard let tableChanges = modified[table.name.identifierKey] else {
                keep(old, table, columns: old.columns)
                continue
            }
            try planTable(.modifyTable(old: old, new: table, changes: tableChanges))
        }
        for table in PlanOrder.parentsFirst(created) {
            let step = SchemaPlanStep(
                .createTable, name: table.name, change: .addTable(table),
                comments: ["create table \(quoted(table.name))"],
                statements: [wanted.sql[table.name.identifierKey] ?? ""])
            if let filled = filledFromContent(step, table) { fullText.append(filled) } else { creates.append(step) }
        }
        rebuildFullTextIndexes()
    }

    /// Plans one table the two schemas define differently: replaced when virtual (``planVirtualTable(_:)``),
    /// extended with `ADD COLUMN` where that is all the change is, else rebuilt.
    private mutating func planTable(_ change: SchemaChange) throws {
        guard case .modifyTable(let old, let new, let tableChanges) = change else { return }
        let key = new.name.identifierKey
        try NewColumnCheck.refuseFailing(current: old, wanted: new, on: connection)
        if old.virtualDefinition != nil || new.virtualDefinition != nil {
            planVirtualTable(change)
        } else if let added = addedColumns(old, new, tableChanges) {
            keep(old, new, columns: old.columns)
            additions += added
        } else {
            replacedTables.insert(key)
            rebuiltTables.insert(key)
            let rebuild = TableRebuild(
                current: old, wanted: new, oldIndexes: current.model.indexes, changes: tableChanges,
                wantedSQL: wanted.sql[key] ?? "",
                temporaryName: freeName(for: new.name), renames: renames, connection: connection)
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

    /// `DROP TABLE`, which loses the table's rows (`risk`, by default all of them): `change` drops it, or
    /// replaces a virtual table.
    static func dropTable(_ table: SchemaModel.Table, change: SchemaChange, risk: PlanRisk? = nil) -> SchemaPlanStep {
        let risk = risk ?? PlanRisk.dropsData(table: table.name, columns: [])
        return SchemaPlanStep(
            .dropTable, name: table.name, change: change,
            comments: ["drop table \(quoted(table.name))", "data loss: \(risk)", "kiln:allow drop-table -- \(risk)"],
            statements: ["DROP TABLE \(quoted(table.name))"], risks: [risk])
    }

    /// `new_<table>`, or with a number, free among both schemas' objects and the names already taken.
    mutating func freeName(for table: String) -> String {
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
