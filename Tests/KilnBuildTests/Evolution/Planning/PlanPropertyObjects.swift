import Kiln

/// A declared type's affinity, by SQLite's rules (https://www.sqlite.org/datatype3.html, 3.1): the test's
/// oracle for which retyped columns must keep their values exactly.
enum PropertyAffinity: Equatable {
    /// `any` is a STRICT table's ANY, which keeps every value as it is and, unlike BLOB, takes any storage
    /// class.
    case integer, text, blob, real, numeric, any

    /// The affinity of `type` in a table that is STRICT or not (`ANY` keeps values as they are only in a
    /// STRICT table; elsewhere it is a NUMERIC type name like any other).
    init(_ type: String, strict: Bool = false) {
        let upper = type.uppercased()
        if strict, upper == "ANY" {
            self = .any
            return
        }
        if upper.contains("INT") {
            self = .integer
        } else if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") {
            self = .text
        } else if upper.contains("BLOB") || upper.isEmpty {
            self = .blob
        } else if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}

extension PropertyAffinity {
    /// Whether moving a column's values from this affinity to `other` keeps every one exactly, by SQLite's
    /// documented rules (the test's oracle, not the planner's): the same affinity; no affinity (BLOB in an
    /// ordinary table, ANY in a STRICT one), which keeps values as they are; INTEGER and NUMERIC, which store
    /// alike; a STRICT INTEGER column, which holds only integers, to TEXT.
    func keepsEveryValue(to other: PropertyAffinity, strict: Bool) -> Bool {
        switch (self, other) {
        case _ where self == other: true
        case (_, .any): true
        case (_, .blob): !strict
        case (.integer, .numeric), (.numeric, .integer): true
        case (.integer, .text): strict
        default: false
        }
    }
}

extension PropertyGenerator {
    /// Foreign keys: each table may get a nullable key to any table, itself included, so cycles and
    /// self-references appear.
    mutating func addForeignKeys(to schema: inout PropertySchema) {
        for childIndex in schema.tables.indices where random.chance(60) {
            let parent = random.pick(schema.tables)
            addForeignKey(from: childIndex, to: parent, in: &schema)
        }
    }

    /// A foreign key from the table at `childIndex` to `parent`'s primary key, through new columns.
    mutating func addForeignKey(from childIndex: Int, to parent: PropertyTable, in schema: inout PropertySchema) {
        let parentColumns = parent.primaryKey.isEmpty ? [] : parent.primaryKey
        guard !parentColumns.isEmpty else { return }
        var childColumns: [Int] = []
        for (position, parentColumn) in parentColumns.enumerated() {
            let type = parent.column(parentColumn)?.type ?? "INTEGER"
            let column = PropertyColumn(id: makeID(), name: "fk\(nextID)_\(position)", type: type)
            schema.tables[childIndex].columns.append(column)
            childColumns.append(column.id)
        }
        let action = random.pick(["NO ACTION", "NO ACTION", "CASCADE", "SET NULL"])
        let key = PropertyForeignKey(
            columns: childColumns, parent: parent.id, parentColumns: parentColumns, onDelete: action,
            isInline: childColumns.count == 1 && random.chance(50))
        schema.tables[childIndex].foreignKeys.append(key)
    }

    /// An index on one or two columns or an expression, maybe unique, maybe partial.
    mutating func addIndex(to schema: inout PropertySchema) {
        let table = random.pick(schema.tables)
        let columns = table.columns.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random))
        var terms = columns.map { PropertyExpression([.column($0.id)]) }
        if random.chance(25), let first = columns.first {
            terms = [PropertyExpression([.text("lower("), .column(first.id), .text(")")])]
        }
        let id = makeID()
        var index = PropertyIndex(
            id: id, name: random.chance(30) ? "Idx \(id)" : "idx_\(id)", table: table.id, terms: terms)
        index.isUnique = random.chance(20)
        if random.chance(25), let first = columns.first {
            index.condition = PropertyExpression([.column(first.id), .text(" IS NOT NULL")])
        }
        schema.indexes.append(index)
    }

    /// A view on a table (sometimes counting another table's rows) or on an older view.
    mutating func addView(to schema: inout PropertySchema) {
        let id = makeID()
        let name = random.chance(30) ? "View \(id)" : "v_\(id)"
        if let source = schema.views.randomElement(using: &random), random.chance(40) {
            let output = random.pick(source.outputs)
            let body = PropertyExpression([
                .text("SELECT \(quoted(output)) AS \(quoted("o\(id)")) FROM "), .view(source.id),
            ])
            schema.views.append(PropertyView(id: id, name: name, body: body, outputs: ["o\(id)"]))
            return
        }
        let table = random.pick(schema.tables)
        let column = random.pick(table.columns)
        var parts: [PropertyExpression.Part] = [.text("SELECT "), .column(column.id), .text(" AS \(quoted("o\(id)"))")]
        if random.chance(40), let other = schema.tables.randomElement(using: &random) {
            parts += [.text(", (SELECT count(*) FROM "), .table(other.id), .text(") AS \(quoted("n\(id)"))")]
        }
        parts += [.text(" FROM "), .table(table.id)]
        if random.chance(30) { parts += [.text(" WHERE "), .column(column.id), .text(" IS NOT NULL")] }
        schema.views.append(PropertyView(id: id, name: name, body: PropertyExpression(parts), outputs: ["o\(id)"]))
    }

    /// A trigger that only reads: after an insert, before an update of a column, or after a delete.
    mutating func addTrigger(to schema: inout PropertySchema) {
        let table = random.pick(schema.tables)
        let column = random.pick(table.columns.filter { $0.generated == nil })
        let other = random.pick(schema.tables)
        let id = makeID()
        let parts: [PropertyExpression.Part]
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            parts = [
                .text("AFTER INSERT ON "), .table(table.id), .text(" BEGIN SELECT NEW."), .column(column.id),
                .text(", (SELECT count(*) FROM "), .table(other.id), .text("); END"),
            ]
        case 1:
            parts = [
                .text("BEFORE UPDATE OF "), .column(column.id), .text(" ON "), .table(table.id),
                .text(" WHEN NEW."), .column(column.id), .text(" IS NULL BEGIN SELECT RAISE(IGNORE) WHERE 0; END"),
            ]
        default:
            parts = [
                .text("AFTER DELETE ON "), .table(table.id), .text(" BEGIN SELECT OLD."), .column(column.id),
                .text("; END"),
            ]
        }
        let name = random.chance(30) ? "Trigger \(id)" : "trg_\(id)"
        schema.triggers.append(PropertyTrigger(id: id, name: name, table: table.id, body: PropertyExpression(parts)))
    }
}
