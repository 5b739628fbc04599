@testable import Kiln

/// A small seeded generator (SplitMix64), so a failing round can be replayed.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True one time in `odds`.
    mutating func oneIn(_ odds: Int) -> Bool { below(odds) == 0 }

    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Schema models made of values from small pools (names that differ by ASCII case, non-ASCII case, quoting),
/// so that two generated schemas share, miss and redefine objects, columns and constraints often.
enum SchemaGenerator {
    static let tableNames = ["note", "NOTE", "author", "é", "É", "order item"]
    static let columnNames = ["id", "ID", "body", "pinned", "author_id", "é", "select"]
    static let types = ["", "TEXT", "INTEGER", "INT", "REAL"]
    static let defaults: [String?] = [nil, nil, "0", "'x'", "NULL"]
    static let checks = ["length(body) < 10", "pinned IN (0, 1)", "id > 0", "body <> ''"]
    static let actions = ["NO ACTION", "CASCADE", "SET NULL"]
    static let expressions = ["id + 1", "lower(body)"]

    /// A schema of a few tables, indexes, views and triggers.
    static func schema(_ random: inout SplitMix) -> SchemaModel {
        var names = tableNames
        var tables: [SchemaModel.Table] = []
        for _ in 0..<random.below(4) {
            let name = names[random.below(names.count)]
            names.removeAll { $0.isSameIdentifier(as: name) }
            tables.append(table(name, &random))
        }
        let indexes = (0..<random.below(3)).map { index("i\($0)", on: random.pick(tableNames), &random) }
        let views = (0..<random.below(3)).map { definition("v\($0)", table: "v\($0)", view: true, &random) }
        let triggers = (0..<random.below(3)).map {
            definition("t\($0)", table: random.pick(tableNames), view: false, &random)
        }
        return SchemaModel(tables: tables, indexes: indexes, views: views, triggers: triggers)
    }

    /// `schema` with a few random edits.
    static func mutated(_ schema: SchemaModel, _ random: inout SplitMix) -> SchemaModel {
        var copy = schema
        for _ in 0..<(1 + random.below(3)) {
            switch random.below(9) {
            case 0 where !copy.tables.isEmpty: copy.tables.remove(at: random.below(copy.tables.count))
            case 1:
                let name = random.pick(tableNames)
                guard !copy.tables.contains(where: { $0.name.isSameIdentifier(as: name) }) else { continue }
                copy.tables.append(table(name, &random))
            case 2 where !copy.indexes.isEmpty:
                let at = random.below(copy.indexes.count)
                copy.indexes[at] = index(copy.indexes[at].name, on: copy.indexes[at].table, &random)
            case 3: copy.views = copy.views.map { random.oneIn(2) ? redefined($0, &random) : $0 }
            case 4: copy.triggers = copy.triggers.map { random.oneIn(2) ? redefined($0, &random) : $0 }
            case 5 where random.oneIn(2) && !copy.indexes.isEmpty: copy.indexes.removeFirst()
            case 5: copy.indexes.append(index("i9", on: random.pick(tableNames), &random))
            case 6 where random.oneIn(2) && !copy.views.isEmpty: copy.views.removeLast()
            case 6: copy.views.append(definition("v9", table: "v9", view: true, &random))
            case 7 where random.oneIn(2) && !copy.triggers.isEmpty: copy.triggers.removeLast()
            case 7: copy.triggers.append(definition("t9", table: random.pick(tableNames), view: false, &random))
            default:
                guard !copy.tables.isEmpty else { continue }
                let at = random.below(copy.tables.count)
                copy.tables[at] = mutated(copy.tables[at], &random)
            }
        }
        return copy
    }

    private static func table(_ name: String, _ random: inout SplitMix) -> SchemaModel.Table {
        var names = columnNames
        let columns = (0..<(1 + random.below(4))).map { _ in
            let name = names[random.below(names.count)]
            names.removeAll { $0.isSameIdentifier(as: name) }
            return column(name, &random)
        }
        let isVirtual = random.oneIn(12)
        return SchemaModel.Table(
            name: name, columns: columns, checks: (0..<random.below(3)).map { _ in random.pick(checks) }.sorted(),
            foreignKeys: (0..<random.below(3)).map { _ in foreignKey(&random) },
            uniqueConstraints: (0..<random.below(3)).map { _ in unique(&random) },
            isWithoutRowID: random.oneIn(5), isStrict: random.oneIn(5), isAutoincrement: random.oneIn(5),
            virtualDefinition: isVirtual
                ? random.pick(["CREATE VIRTUAL TABLE x USING fts5(a)", "USING rtree(b)"]) : nil)
    }

    private static func column(_ name: String, _ random: inout SplitMix) -> SchemaModel.Column {
        let hidden = random.pick([0, 0, 0, 0, 1, 2, 3])
        return SchemaModel.Column(
            name: random.oneIn(6) ? SchemaText.folded(name, upper: true) : name, declaredType: random.pick(types),
            isNotNull: random.oneIn(3), defaultExpression: random.pick(defaults), primaryKeyPosition: random.below(3),
            collation: random.pick([nil, nil, "NOCASE", "RTRIM"]),
            generatedExpression: hidden >= 2 ? random.pick(expressions) : nil, hidden: hidden)
    }

    private static func mutated(_ table: SchemaModel.Table, _ random: inout SplitMix) -> SchemaModel.Table {
        var copy = table
        switch random.below(8) {
        case 0:
            let name = random.pick(columnNames)
            if !copy.columns.contains(where: { $0.name.isSameIdentifier(as: name) }) {
                copy.columns.append(column(name, &random))
            }
        case 1 where copy.columns.count > 1: copy.columns.remove(at: random.below(copy.columns.count))
        case 2: copy.columns.reverse()
        case 3: copy.checks = (copy.checks + [random.pick(checks)]).sorted()
        case 4: copy.foreignKeys = copy.foreignKeys.map { random.oneIn(2) ? foreignKey(&random) : $0 }
        case 5: copy.uniqueConstraints.append(unique(&random))
        case 6: copy.isStrict.toggle()
        default:
            let at = random.below(copy.columns.count)
            copy.columns[at] = column(copy.columns[at].name, &random)
        }
        if random.oneIn(20) { copy.virtualDefinition = "USING fts5(\(random.below(2)))" }
        return copy
    }

    private static func foreignKey(_ random: inout SplitMix) -> SchemaModel.ForeignKey {
        SchemaModel.ForeignKey(
            columns: [random.pick(["author_id", "AUTHOR_ID", "id"])],
            parentTable: random.pick(["author", "Author", "é"]),
            parentColumns: random.pick([[], ["id"], ["ID"]]), onUpdate: random.pick(actions),
            onDelete: random.pick(actions), match: random.pick(["NONE", "FULL"]), isDeferred: random.oneIn(3))
    }

    private static func terms(_ random: inout SplitMix) -> [SchemaModel.IndexTerm] {
        (0..<(1 + random.below(2))).map { _ in
            let isExpression = random.oneIn(4)
            return SchemaModel.IndexTerm(
                expression: isExpression ? random.pick(expressions) : random.pick(columnNames),
                isExpression: isExpression, collation: random.pick(["BINARY", "BINARY", "NOCASE"]),
                isDescending: random.oneIn(4))
        }
    }

    private static func unique(_ random: inout SplitMix) -> SchemaModel.Index {
        SchemaModel.Index(
            name: "sqlite_autoindex_\(random.below(3))", table: "note", isUnique: true,
            origin: random.pick(["u", "pk"]), terms: terms(&random))
    }

    private static func index(_ name: String, on table: String, _ random: inout SplitMix) -> SchemaModel.Index {
        SchemaModel.Index(
            name: random.oneIn(5) ? SchemaText.folded(name, upper: true) : name, table: table,
            isUnique: random.oneIn(2), origin: "c", terms: terms(&random),
            condition: random.pick([nil, nil, "pinned", "body IS NOT NULL"]))
    }

    private static func definition(_ name: String, table: String, view: Bool, _ random: inout SplitMix)
        -> SchemaModel.Definition
    {
        SchemaModel.Definition(
            name: name, table: table, sql: "CREATE \(view ? "VIEW" : "TRIGGER") \(name) \(random.below(3))",
            columns: view ? random.pick([nil, ["id"], ["ID"], ["qty*2"], ["qty * 2"]]) : nil)
    }

    private static func redefined(_ definition: SchemaModel.Definition, _ random: inout SplitMix)
        -> SchemaModel.Definition
    {
        var copy = definition
        if random.oneIn(2) { copy.sql += " changed" }
        if copy.columns != nil { copy.columns = random.pick([nil, ["id"], ["ID"], ["qty*2"], ["qty * 2"]]) }
        return copy
    }
}
