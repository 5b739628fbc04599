import Foundation
import Kiln

/// What seeding needs to know about one table, read from the database's own schema: the only source of
/// identifiers that ever reach SQL text.
public struct TableSchema: Sendable {
    /// One column.
    public struct Column: Sendable {
        /// The name as the schema spells it.
        public let name: String
        /// The declared type.
        public let declaredType: String
        /// How values are bound to it.
        public let affinity: ColumnAffinity
        /// Position in the primary key (1-based), or 0.
        public let primaryKeyPosition: Int
        /// Whether it is generated (and so cannot be inserted).
        public let isGenerated: Bool
        /// Whether it is hidden (a virtual table's hidden column).
        public let isHidden: Bool
    }

    /// One foreign key: the child's columns and the parent table.
    public struct ForeignKey: Sendable {
        /// The parent table's name.
        public let parent: String
        /// The child columns, in order.
        public let columns: [String]
        /// The parent columns (empty when the parent's primary key is meant).
        public let parentColumns: [String]
    }

    /// The table's name as the schema spells it.
    public let name: String
    /// The columns in order.
    public let columns: [Column]
    /// Foreign keys to other tables (or itself).
    public let foreignKeys: [ForeignKey]
    /// Whether the table is STRICT.
    public let isStrict: Bool
    /// The `CREATE INDEX` statements of its explicit indexes.
    public let indexes: [(name: String, sql: String)]

    /// The primary key's columns, in key order; for a table without one, empty (its rowid is not a key a
    /// CSV can name).
    public var primaryKey: [Column] {
        columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }
    }

    /// The column named `name`, compared as SQLite compares identifiers (ASCII case ignored).
    public func column(named name: String) -> Column? {
        let wanted = name.lowercased()
        return columns.first { $0.name.lowercased() == wanted }
    }

    /// Every table of the `main` database, by lowercased name.
    static func readAll(from connection: SQLiteConnection) throws -> [String: TableSchema] {
        var tables: [String: TableSchema] = [:]
        let list = try connection.rows(
            sql:
                "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        )
        let columnQuery = try connection.prepare(
            sql: "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid")
        let keyQuery = try connection.prepare(
            sql: "SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq")
        let indexQuery = try connection.prepare(
            sql:
                "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name"
        )
        for row in list {
            guard case .text(let name) = row[0] else { continue }
            let strict = row[1] == .integer(1)
            try columnQuery.reset()
            try columnQuery.bind([.text(name)])
            var columns: [Column] = []
            while try columnQuery.step() {
                let type = columnQuery.text(at: 1) ?? ""
                let hidden = columnQuery.value(at: 3).integerValue ?? 0
                columns.append(
                    Column(
                        name: columnQuery.text(at: 0) ?? "", declaredType: type,
                        affinity: ColumnAffinity(declaredType: type, strict: strict),
                        primaryKeyPosition: Int(columnQuery.value(at: 2).integerValue ?? 0),
                        isGenerated: hidden == 2 || hidden == 3, isHidden: hidden == 1))
            }
            try keyQuery.reset()
            try keyQuery.bind([.text(name)])
            var keys: [Int64: (parent: String, from: [String], to: [String])] = [:]
            var order: [Int64] = []
            while try keyQuery.step() {
                let id = keyQuery.value(at: 0).integerValue ?? 0
                if keys[id] == nil {
                    keys[id] = (keyQuery.text(at: 2) ?? "", [], [])
                    order.append(id)
                }
                keys[id]!.from.append(keyQuery.text(at: 3) ?? "")
                if let to = keyQuery.text(at: 4) { keys[id]!.to.append(to) }
            }
            try indexQuery.reset()
            try indexQuery.bind([.text(name)])
            var indexes: [(String, String)] = []
            while try indexQuery.step() { indexes.append((indexQuery.text(at: 0) ?? "", indexQuery.text(at: 1) ?? "")) }
            tables[name.lowercased()] = TableSchema(
                name: name, columns: columns,
                foreignKeys: order.map {
                    ForeignKey(parent: keys[$0]!.parent, columns: keys[$0]!.from, parentColumns: keys[$0]!.to)
                },
                isStrict: strict, indexes: indexes)
        }
        return tables
    }
}

extension TableSchema {
    /// Orders items so that each one's table comes after the tables its foreign keys reference; tables in a
    /// cycle, and self-references, keep the order given.
    public static func parentsFirst<Item>(_ items: [Item], table: (Item) -> TableSchema) -> [Item] {
        let names = Set(items.map { table($0).name.lowercased() })
        var remaining = items
        var ordered: [Item] = []
        var placed = Set<String>()
        while !remaining.isEmpty {
            let ready = remaining.firstIndex { item in
                let name = table(item).name.lowercased()
                return table(item).foreignKeys.allSatisfy { key in
                    let parent = key.parent.lowercased()
                    return parent == name || !names.contains(parent) || placed.contains(parent)
                }
            }
            // In a cycle nothing is ready: take the next item as it comes.
            let next = remaining.remove(at: ready ?? 0)
            placed.insert(table(next).name.lowercased())
            ordered.append(next)
        }
        return ordered
    }
}
