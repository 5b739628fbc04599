import Kiln

/// SplitMix64: a small deterministic generator, so a seed always gives the same pair of schemas.
struct PropertyRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    /// A random element (the collection must not be empty).
    mutating func pick<C: Collection>(_ items: C) -> C.Element {
        guard let item = items.randomElement(using: &self) else { preconditionFailure("nothing to pick from") }
        return item
    }
}

/// Makes the first schema of a pair: 2–5 tables with foreign keys (self-references and cycles included),
/// columns of every affinity with constraints, then indexes, views (also on views) and triggers.
struct PropertyGenerator {
    static let tableNames = [
        "item", "Order", "line item", "Customer\"s", "select", "new_item", "Tag", "Account", "group", "Audit Log",
        "MixedCase", "t1", "zz\nDELETE FROM item;\n--", "a\r\nb\u{2028}c -- */",
    ]
    static let columnNames = [
        "name", "Price", "qty", "select", "note text", "it's", "\"quoted\"", "Created_At", "flag", "code", "amount",
        "ref", "Order", "label", "weight", "rowid", "c\u{85}d\rUPDATE x SET y = 1;--", "[e]`f`",
    ]
    static let looseTypes = [
        "INTEGER", "TEXT", "REAL", "NUMERIC", "BLOB", "", "VARCHAR(20)", "DOUBLE PRECISION", "BOOLEAN", "DATE",
        "INT", "DECIMAL(10,2)",
    ]
    static let strictTypes = ["INTEGER", "INT", "TEXT", "REAL", "BLOB", "ANY"]

    var random: PropertyRandom
    var nextID = 1

    init(seed: UInt64) { random = PropertyRandom(seed: seed) }

    /// A fresh id for a table, column or object.
    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// The first schema of a pair.
    mutating func schema() -> PropertySchema {
        var schema = PropertySchema()
        let count = Int.random(in: 2...5, using: &random)
        for name in Self.tableNames.shuffled(using: &random).prefix(count) {
            schema.tables.append(table(named: name))
        }
        addForeignKeys(to: &schema)
        for _ in 0..<Int.random(in: 0...3, using: &random) { addIndex(to: &schema) }
        for _ in 0..<Int.random(in: 0...3, using: &random) { addView(to: &schema) }
        for _ in 0..<Int.random(in: 0...2, using: &random) { addTrigger(to: &schema) }
        return schema
    }

    /// A table with a key and 1–5 other columns.
    mutating func table(named name: String) -> PropertyTable {
        var table = PropertyTable(id: makeID(), name: name, columns: [])
        table.isStrict = random.chance(20)
        let keyKind = Int.random(in: 0..<10, using: &random)
        let id = PropertyColumn(id: makeID(), name: "id", type: keyKind < 6 ? "INTEGER" : "TEXT")
        table.columns.append(id)
        table.primaryKey = [id.id]
        if keyKind >= 8 {
            // A composite key.
            let second = PropertyColumn(id: makeID(), name: "seq", type: "INTEGER", isNotNull: true)
            table.columns.append(second)
            table.primaryKey.append(second.id)
        }
        table.isAutoincrement = keyKind < 2 && table.primaryKey.count == 1
        table.isWithoutRowID = !table.isAutoincrement && random.chance(20)
        let used = Set(table.columns.map { $0.name.lowercased() })
        for name in Self.columnNames.filter({ !used.contains($0.lowercased()) }).shuffled(using: &random)
            .prefix(Int.random(in: 1...5, using: &random))
        {
            table.columns.append(column(named: name, strict: table.isStrict))
        }
        addConstraints(to: &table)
        return table
    }

    /// An ordinary column: a type of either kind of table, maybe NOT NULL, a DEFAULT, UNIQUE, a built-in
    /// collation or the app's own (a stand-in, ``PropertyStandIns``).
    mutating func column(named name: String, strict: Bool) -> PropertyColumn {
        let type = random.pick(strict ? Self.strictTypes : Self.looseTypes)
        var column = PropertyColumn(id: makeID(), name: name, type: type)
        if random.chance(30) { column.defaultSQL = defaultValue(for: type) }
        column.isNotNull = column.defaultSQL != nil && random.chance(50) || random.chance(10)
        column.isUnique = random.chance(10)
        if random.chance(10), PropertyAffinity(type) == .text {
            column.collation = random.pick(["NOCASE", "RTRIM", PropertyStandIns.collation])
        }
        return column
    }

    /// A constant DEFAULT that fits the type (a STRICT table refuses a text default in an INTEGER column).
    mutating func defaultValue(for type: String) -> String {
        switch PropertyAffinity(type, strict: true) {
        case .integer: random.pick(["0", "1", "42", "-7"])
        case .real: random.pick(["0.5", "1.0", "-2.25"])
        case .numeric: random.pick(["0", "3.5", "10"])
        case .text: random.pick(["''", "'none'", "'it''s'"])
        case .blob: random.pick(["x'00'", "NULL"])
        case .any: random.pick(["0", "'x'"])
        }
    }

    /// CHECKs, a composite UNIQUE and a generated column, sometimes.
    mutating func addConstraints(to table: inout PropertyTable) {
        let plain = table.columns.filter { !table.primaryKey.contains($0.id) }
        guard let target = plain.randomElement(using: &random) else { return }
        if random.chance(30) {
            table.checks.append(PropertyExpression([.column(target.id), .text(" IS NOT 'forbidden'")]))
        }
        if random.chance(20), let other = plain.randomElement(using: &random) {
            let numeric = PropertyExpression([.text("length("), .column(other.id), .text(") < 1000")])
            if other.check == nil, let index = table.columns.firstIndex(where: { $0.id == other.id }) {
                table.columns[index].check = numeric
            }
        }
        if random.chance(15), plain.count >= 2 {
            table.uniques.append(Array(plain.shuffled(using: &random).prefix(2).map(\.id)))
        }
        if random.chance(20), !table.isStrict {
            var generated = PropertyColumn(id: makeID(), name: "derived", type: "TEXT")
            generated.generated = PropertyExpression([.text("coalesce("), .column(target.id), .text(", 'none')")])
            table.columns.append(generated)
        }
    }
}
