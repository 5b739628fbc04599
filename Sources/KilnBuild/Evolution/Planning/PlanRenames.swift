import Kiln

/// The renames of ``SchemaPlanOptions`` checked against both schemas: the `ALTER TABLE … RENAME` steps that run
/// first, and each renamed table's and column's name before them (verification compares rows by those).
struct PlanRenames {
    /// `ALTER TABLE … RENAME TO` steps, then `ALTER TABLE … RENAME COLUMN` steps.
    private(set) var steps: [SchemaPlanStep] = []
    /// The renames as given.
    private let renames: [SchemaRename]
    /// The current name of each renamed table, by its folded wanted name.
    private var originalTables: [SQLIdentifierKey: String] = [:]
    /// The wanted name of each renamed table, by its folded current name.
    private var newTables: [SQLIdentifierKey: String] = [:]
    /// The current name of each renamed column, by its table's folded wanted name and its folded wanted name.
    private var originalColumns: [SQLIdentifierKey: [SQLIdentifierKey: String]] = [:]

    /// Checks `renames` against `current` and `wanted`.
    ///
    /// - Throws: ``SchemaPlanError`` for a rename whose old name the current schema lacks or whose new name the
    ///   wanted schema lacks.
    init(_ renames: [SchemaRename], current: PlanSchema, wanted: PlanSchema) throws {
        self.renames = renames
        for rename in renames {
            let names: (from: String, to: String)
            switch rename {
            case .table(let from, let to): names = (from, to)
            case .column(_, let from, let to): names = (from, to)
            }
            if names.from.isSameIdentifier(as: names.to) { throw Self.toItself(rename) }
        }
        for case .table(let from, let to) in renames {
            guard let old = current.table(from) else { throw SchemaPlanError(.renamedTableMissing(from)) }
            guard let new = wanted.table(to) else {
                throw SchemaPlanError(.renameTargetMissing(.table(from: from, to: to)))
            }
            originalTables[new.name.identifierKey] = old.name
            newTables[old.name.identifierKey] = new.name
            var comments = ["rename table \(quoted(old.name)) to \(quoted(new.name))"]
            let referencing = current.model.tables.filter { table in
                !table.name.isSameIdentifier(as: old.name)
                    && table.foreignKeys.contains { $0.parentTable.isSameIdentifier(as: old.name) }
            }
            if !referencing.isEmpty {
                let names = referencing.map { quoted($0.name) }.joined(separator: ", ")
                comments.append(
                    "kiln:allow rename-referenced-table -- the foreign keys of \(names) follow the rename, as intended")
            }
            steps.append(
                SchemaPlanStep(
                    .renameTable, name: new.name, change: .renameTable(from: old.name, to: new.name),
                    comments: comments,
                    statements: ["ALTER TABLE \(quoted(old.name)) RENAME TO \(quoted(new.name))"]))
        }
        for case .column(let table, let from, let to) in renames {
            try addColumnRename(table: table, from: from, to: to, current: current, wanted: wanted)
        }
    }

    /// A rename whose two names SQLite takes for the same one (case aside): there is nothing to rename.
    private static func toItself(_ rename: SchemaRename) -> SchemaPlanError {
        SchemaPlanError(
            .unsupported(
                object: "--rename \(rename)",
                reason: "both names are the same to SQLite (it ignores ASCII case), so there is nothing to rename"))
    }

    private mutating func addColumnRename(
        table: String, from: String, to: String, current: PlanSchema, wanted: PlanSchema
    ) throws {
        let rename = SchemaRename.column(table: table, from: from, to: to)
        let old: SchemaModel.Table
        if let named = current.table(table) {
            old = named
        } else if let original = originalTables[table.identifierKey], let named = current.table(original) {
            old = named
        } else {
            throw SchemaPlanError(.renamedTableMissing(table))
        }
        let newName = newTables[old.name.identifierKey]
        guard let new = wanted.table(newName ?? old.name) else { throw SchemaPlanError(.renameTargetMissing(rename)) }
        guard let column = old.columns.first(where: { $0.name.isSameIdentifier(as: from) }) else {
            throw SchemaPlanError(.renamedColumnMissing(table: table, column: from))
        }
        guard let target = new.columns.first(where: { $0.name.isSameIdentifier(as: to) }) else {
            throw SchemaPlanError(.renameTargetMissing(rename))
        }
        originalColumns[new.name.identifierKey, default: [:]][target.name.identifierKey] = column.name
        let tableName = newName == nil ? old.name : new.name
        steps.append(
            SchemaPlanStep(
                .renameColumn, name: "\(new.name).\(target.name)",
                change: .modifyTable(old: old, new: new, changes: [.renameColumn(from: column.name, to: target.name)]),
                comments: ["rename column \(quoted(column.name)) of \(quoted(new.name)) to \(quoted(target.name))"],
                statements: [
                    "ALTER TABLE \(quoted(tableName)) RENAME COLUMN \(quoted(column.name)) TO \(quoted(target.name))"
                ]))
    }

    /// The current name of the table called `name` once the renames ran.
    func originalTable(_ name: String) -> String { originalTables[name.identifierKey] ?? name }

    /// The current name of the column `column` of the table called `table` once the renames ran.
    func originalColumn(table: String, column: String) -> String {
        originalColumns[table.identifierKey]?[column.identifierKey] ?? column
    }

    /// The schema of `connection` as it is once the renames ran: they run in a savepoint that is rolled back,
    /// so SQLite itself rewrites the views, triggers and foreign keys that name the renamed objects.
    ///
    /// - Throws: ``SchemaPlanError`` naming the renames when SQLite refuses one (two columns swapping names:
    ///   the first rename finds the second name taken); ``SQLiteError`` when the schema cannot be read.
    func schema(afterRenamesOn connection: SQLiteConnection) throws -> PlanSchema {
        guard !steps.isEmpty else { return try PlanSchema.read(connection) }
        try connection.execute(sql: "SAVEPOINT kiln_plan_renames")
        defer { try? connection.execute(sql: "ROLLBACK TO kiln_plan_renames; RELEASE kiln_plan_renames") }
        for step in steps {
            for statement in step.statements {
                do {
                    try connection.execute(sql: statement)
                } catch let error as SQLiteError {
                    throw SchemaPlanError(
                        .unsupported(
                            object: step.name,
                            reason:
                                "SQLite refuses the renames \(renames.map { "--rename \($0)" }.joined(separator: ", ")) "
                                + "in this order (\(error.message)); to swap two names, rename one to a free name "
                                + "in a migration of its own first"))
                }
            }
        }
        return try PlanSchema.read(connection)
    }
}
