import Kiln

/// What the generated pairs contain, so a test can demand that the generator covers what the property claims.
enum PropertyCoverage {
    static let schemaFeatures: Set<String> = [
        "self-reference", "foreign-key cycle", "composite primary key", "composite foreign key", "WITHOUT ROWID",
        "STRICT", "generated column", "AUTOINCREMENT", "partial index", "expression index", "unique index",
        "view on view", "trigger", "CHECK", "UNIQUE", "NOT NULL", "DEFAULT", "odd name", "stand-in collation",
    ]
    static let editKinds: Set<String> = [
        "add column", "drop column", "retype", "reorder", "add NOT NULL", "add CHECK", "add UNIQUE",
        "rename table", "rename column", "add table", "drop table", "foreign key", "WITHOUT ROWID", "STRICT",
        "index", "view", "trigger", "default", "collation", "now refers to", "over mistyped rows",
        "as inline UNIQUE", "as UNIQUE index", "RTRIM", "(exact)", PropertyStandIns.collation,
    ]
    static var all: Set<String> { schemaFeatures.union(editKinds.map { "edit: \($0)" }) }

    /// The features a schema has.
    static func features(of schema: PropertySchema) -> Set<String> {
        var found: Set<String> = []
        for table in schema.tables {
            if table.foreignKeys.contains(where: { $0.parent == table.id }) { found.insert("self-reference") }
            if table.foreignKeys.contains(where: { $0.columns.count > 1 }) { found.insert("composite foreign key") }
            if table.primaryKey.count > 1 { found.insert("composite primary key") }
            if table.isWithoutRowID { found.insert("WITHOUT ROWID") }
            if table.isStrict { found.insert("STRICT") }
            if table.isAutoincrement { found.insert("AUTOINCREMENT") }
            if table.columns.contains(where: { $0.generated != nil }) { found.insert("generated column") }
            if !table.checks.isEmpty || table.columns.contains(where: { $0.check != nil }) { found.insert("CHECK") }
            if !table.uniques.isEmpty || table.columns.contains(where: \.isUnique) { found.insert("UNIQUE") }
            if table.columns.contains(where: \.isNotNull) { found.insert("NOT NULL") }
            if table.columns.contains(where: { $0.defaultSQL != nil }) { found.insert("DEFAULT") }
            if table.name.contains(where: { $0 == " " || $0 == "\"" }) { found.insert("odd name") }
            if table.columns.contains(where: { $0.collation == PropertyStandIns.collation }) {
                found.insert("stand-in collation")
            }
        }
        if hasCycle(schema) { found.insert("foreign-key cycle") }
        if schema.indexes.contains(where: { $0.condition != nil }) { found.insert("partial index") }
        if schema.indexes.contains(where: { $0.terms.contains { $0.columns.count == 1 && $0.parts.count > 1 } }) {
            found.insert("expression index")
        }
        if schema.indexes.contains(where: \.isUnique) { found.insert("unique index") }
        if schema.views.contains(where: { !$0.body.views.isEmpty }) { found.insert("view on view") }
        if !schema.triggers.isEmpty { found.insert("trigger") }
        return found
    }

    /// The kinds of edit a pair made, from its log.
    static func edits(of pair: PropertyPair) -> Set<String> {
        Set(editKinds.filter { kind in pair.edits.contains { $0.contains(kind) } }.map { "edit: \($0)" })
    }

    /// Whether foreign keys between different tables form a cycle.
    static func hasCycle(_ schema: PropertySchema) -> Bool {
        var edges: [Int: Set<Int>] = [:]
        for table in schema.tables {
            edges[table.id] = Set(table.foreignKeys.map(\.parent).filter { $0 != table.id })
        }
        for start in edges.keys {
            var reached: Set<Int> = []
            var queue = Array(edges[start] ?? [])
            while let next = queue.popLast() {
                if next == start { return true }
                if reached.insert(next).inserted { queue += edges[next] ?? [] }
            }
        }
        return false
    }
}
