import Kiln

@testable import KilnBuild

/// Derives the wanted schema B from A by random edits. Edits that tighten a constraint (a CHECK, UNIQUE, a
/// foreign key on an existing column, STRICT, WITHOUT ROWID) are kept only when A's rows satisfy it, asked of
/// the database holding them, so "every row is kept" stays a fair demand. New names are free in both schemas,
/// so a table or column is the same object in A and B exactly when it has the same id.
struct PropertyEditor {
    var generator: PropertyGenerator
    let original: PropertySchema
    var wanted: PropertySchema
    let data: SQLiteConnection
    var renames: [SchemaRename] = []
    /// Ids of renamed tables and columns (never dropped afterwards: the rename would name nothing).
    var renamedIDs: Set<Int> = []
    /// What each edit did, for the failure report.
    var log: [String] = []
    /// Whether a table or a stored column that held data is dropped.
    var dropsData = false
    /// Whether an edit may count as data loss (dropped, narrowed, tightened); false means the plan must be
    /// written without `allowsDataLoss`.
    var mayLoseData = false
    /// Values written over A's rows (already in `data`), for the pair's A to write again when it is rebuilt.
    var mistypes: [PropertyMistype] = []

    init(generator: PropertyGenerator, original: PropertySchema, data: SQLiteConnection) {
        self.generator = generator
        self.original = original
        self.wanted = original
        self.data = data
    }

    mutating func chance(_ percent: Int) -> Bool { generator.random.chance(percent) }

    /// Applies 1–5 edits, then removes what they left dangling.
    mutating func edit() {
        let goal = Int.random(in: 1...5, using: &generator.random)
        var attempts = 0
        while log.count < goal, attempts < 40 {
            attempts += 1
            if let done = oneEdit() { log.append(done) }
        }
        wanted.removeDangling()
        // A renamed generated column goes when the column it reads is dropped: its rename then names nothing.
        renames.removeAll { rename in
            guard case .column(let table, _, let to) = rename else { return false }
            return !wanted.tables.contains { target in
                (target.name == table || original.table(target.id)?.name == table)
                    && target.columns.contains { $0.name == to }
            }
        }
    }

    /// One random edit; nil when the chosen one does not apply.
    mutating func oneEdit() -> String? {
        guard let table = wanted.tables.randomElement(using: &generator.random) else { return nil }
        switch Int.random(in: 0..<29, using: &generator.random) {
        case 0, 1: return addColumn(to: table)
        case 2: return dropColumn(of: table)
        case 3, 4: return retype(in: table)
        case 5: return reorder(table)
        case 6: return toggleNotNull(in: table)
        case 7: return changeDefault(in: table)
        case 8: return addCheck(to: table)
        case 9: return removeConstraint(of: table)
        case 10: return addUnique(to: table)
        case 11: return renameTable(table)
        case 12: return renameColumn(of: table)
        case 13: return addTable()
        case 14: return dropTable(table)
        case 15: return changeForeignKey(of: table)
        case 16: return toggleWithoutRowID(table)
        case 17: return toggleStrict(table)
        case 18, 19: return changeIndex()
        case 20, 21: return changeView()
        case 22: return changeCollation(in: table)
        case 27, 28: return moveUnique(of: table)
        case 23, 24:
            guard !table.foreignKeys.isEmpty else { return nil }
            return retarget(table, key: Int.random(in: 0..<table.foreignKeys.count, using: &generator.random))
        default: return changeTrigger()
        }
    }

    // MARK: - Helpers

    /// A name free in both schemas, for a table or another object.
    mutating func freshObjectName(_ stem: String) -> String {
        let used = original.objectNames.union(wanted.objectNames)
        for name in PropertyGenerator.tableNames.shuffled(using: &generator.random)
        where !used.contains(name.lowercased()) {
            return name
        }
        return "\(stem) \(generator.makeID())"
    }

    /// A column name free in both versions of table `id`.
    mutating func freshColumnName(in id: Int) -> String {
        let used = Set(
            ((original.table(id)?.columns ?? []) + (wanted.table(id)?.columns ?? [])).map { $0.name.lowercased() })
        for name in PropertyGenerator.columnNames.shuffled(using: &generator.random)
        where !used.contains(name.lowercased()) {
            return name
        }
        return "c\(generator.makeID())"
    }

    /// Whether column `id` is part of its table's primary key or of a foreign key.
    func isKeyColumn(_ id: Int, of table: PropertyTable) -> Bool {
        table.primaryKey.contains(id) || table.foreignKeys.contains { $0.columns.contains(id) }
            || wanted.tables.contains { $0.foreignKeys.contains { $0.parentColumns.contains(id) } }
    }

    /// The ordinary columns of a table (not keys, not generated).
    func plainColumns(of table: PropertyTable) -> [PropertyColumn] {
        table.columns.filter { $0.generated == nil && !isKeyColumn($0.id, of: table) }
    }

    /// Whether `sql` (written with A's names) finds no row, asked of A's data; a failing query counts as rows.
    func findsNothing(_ sql: String) -> Bool {
        guard let value = try? data.scalar(sql: sql), case .integer(let count) = value else { return false }
        return count == 0
    }

    /// Whether A's rows pass `statement` (a CREATE or other change with A's names), tried and rolled back.
    func dataAccepts(_ statement: String) -> Bool {
        do {
            try data.execute(sql: "SAVEPOINT kiln_property")
            defer { try? data.execute(sql: "ROLLBACK TO kiln_property; RELEASE kiln_property") }
            try data.execute(sql: statement)
            return true
        } catch {
            return false
        }
    }

    /// Replaces table `id` in B.
    mutating func update(_ id: Int, _ change: (inout PropertyTable) -> Void) {
        guard let index = wanted.tableIndex(id) else { return }
        change(&wanted.tables[index])
    }
}

extension PropertySchema {
    /// Removes what names something this schema lacks (a CHECK, index, view or trigger naming a dropped column
    /// or table, a foreign key to a dropped table, a generated column over a dropped column), until nothing
    /// does.
    mutating func removeDangling() {
        while true {
            let before = self
            tables = tables.map { repaired($0, in: before) }
            indexes.removeAll { index in
                before.table(index.table) == nil || !index.terms.allSatisfy(before.resolves)
                    || !(index.condition.map(before.resolves) ?? true)
            }
            views.removeAll { !before.resolves($0.body) }
            triggers.removeAll { before.table($0.table) == nil || !before.resolves($0.body) }
            mistypes.removeAll { before.table($0.table)?.column($0.column) == nil }
            if self == before { return }
        }
    }

    /// `table` without the parts that name something `schema` lacks.
    private func repaired(_ table: PropertyTable, in schema: PropertySchema) -> PropertyTable {
        var table = table
        table.columns.removeAll { column in column.generated.map { !schema.resolves($0) } ?? false }
        for index in table.columns.indices where !(table.columns[index].check.map(schema.resolves) ?? true) {
            table.columns[index].check = nil
        }
        table.checks.removeAll { !schema.resolves($0) }
        let columns = Set(table.columns.map(\.id))
        table.uniques.removeAll { unique in !unique.allSatisfy(columns.contains) }
        table.foreignKeys.removeAll { key in
            !key.columns.allSatisfy(columns.contains) || schema.table(key.parent) == nil
                || !key.parentColumns.allSatisfy { schema.column($0) != nil }
        }
        return table
    }
}
