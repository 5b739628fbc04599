import Kiln

/// What both diagrams draw of a ``SchemaModel``: its tables in the model's order, the keys each column takes
/// part in, and one edge per foreign key with the cardinality the constraints allow.
///
/// Views are left out: the model keeps a view's definition, not its columns, so there is nothing to draw
/// but a name. Names are compared as SQLite compares them (ASCII case ignored).
struct DiagramSchema {
    /// A key a column takes part in, spelled as Mermaid's `erDiagram` spells it.
    enum Key: String {
        /// The column is part of the primary key.
        case primary = "PK"
        /// The column is part of a foreign key.
        case foreign = "FK"
        /// The column alone is unique (a `UNIQUE` constraint or a full unique index on it).
        case unique = "UK"
    }

    /// One foreign key, from the child table's columns to the parent's.
    struct Edge {
        /// The child table (the one that declares the key).
        let child: String
        /// The parent table, as the key names it (it may be missing from the schema).
        let parent: String
        /// The child columns, in order.
        let columns: [String]
        /// The parent columns; empty when the key refers to the parent's primary key implicitly.
        let parentColumns: [String]
        /// Whether a child row may have no parent: some child column can be NULL (SQLite then skips the check).
        let isOptional: Bool
        /// Whether at most one child row can refer to a parent: the child columns are exactly a unique key.
        let isUnique: Bool
    }

    /// The tables, in the model's order (by folded name).
    let tables: [SchemaModel.Table]
    /// The foreign keys, table by table in the model's order, each table's in the model's order.
    let edges: [Edge]
    /// Per table (folded name): the column sets (folded names) that are unique.
    private let uniqueSets: [SQLIdentifierKey: [Set<SQLIdentifierKey>]]

    /// The facts of `model`, without its shadow tables (the tables a virtual table keeps its data in, which
    /// the schema file leaves out too).
    init(_ model: SchemaModel) {
        var model = model
        model.tables.removeAll(where: \.isShadow)
        var uniqueSets: [SQLIdentifierKey: [Set<SQLIdentifierKey>]] = [:]
        for table in model.tables {
            let indexes = model.indexes.filter { $0.table.isSameIdentifier(as: table.name) }
            uniqueSets[table.name.identifierKey] = Self.uniqueColumnSets(of: table, indexes: indexes)
        }
        self.tables = model.tables
        self.uniqueSets = uniqueSets
        self.edges = model.tables.flatMap { table in
            table.foreignKeys.map { key in
                let columns = Set(key.columns.map(\.identifierKey))
                return Edge(
                    child: table.name, parent: key.parentTable, columns: key.columns,
                    parentColumns: key.parentColumns,
                    isOptional: key.columns.contains { !Self.isNeverNull($0, in: table) },
                    isUnique: uniqueSets[table.name.identifierKey, default: []].contains(columns))
            }
        }
    }

    /// The keys `column` of `table` takes part in, in the order PK, FK, UK.
    func keys(of column: SchemaModel.Column, in table: SchemaModel.Table) -> [Key] {
        let name = column.name.identifierKey
        var keys: [Key] = []
        if column.primaryKeyPosition > 0 { keys.append(.primary) }
        if table.foreignKeys.contains(where: { $0.columns.contains { $0.identifierKey == name } }) {
            keys.append(.foreign)
        }
        if column.primaryKeyPosition == 0, uniqueSets[table.name.identifierKey, default: []].contains([name]) {
            keys.append(.unique)
        }
        return keys
    }

    /// The table named `name` (as SQLite compares names), if the schema has it.
    func table(named name: String) -> SchemaModel.Table? {
        tables.first { $0.name.isSameIdentifier(as: name) }
    }

    /// The position among ``columns(of:)`` of the parent's column an edge points at: the first named parent
    /// column, or the first primary key column for an implicit key; nil when the parent or column is missing.
    func parentColumn(of edge: Edge) -> Int? {
        guard let parent = table(named: edge.parent) else { return nil }
        let columns = Self.columns(of: parent)
        guard let name = edge.parentColumns.first else { return columns.firstIndex { $0.primaryKeyPosition == 1 } }
        return columns.firstIndex { $0.name.isSameIdentifier(as: name) }
    }

    /// The position among ``columns(of:)`` of `table`'s column `name`.
    func column(_ name: String, of table: SchemaModel.Table) -> Int? {
        Self.columns(of: table).firstIndex { $0.name.isSameIdentifier(as: name) }
    }

    /// The columns a diagram shows: all but a virtual table's hidden ones (generated columns are shown).
    static func columns(of table: SchemaModel.Table) -> [SchemaModel.Column] {
        table.columns.filter { $0.hidden != 1 }
    }

    /// Short notes on `column` beside its type and keys: `NOT NULL`, `AUTOINCREMENT`, `GENERATED VIRTUAL` or
    /// `GENERATED STORED`.
    static func notes(of column: SchemaModel.Column, in table: SchemaModel.Table) -> [String] {
        var notes: [String] = []
        if column.isNotNull { notes.append("NOT NULL") }
        if table.isAutoincrement && column.primaryKeyPosition == 1 { notes.append("AUTOINCREMENT") }
        if column.hidden == 2 { notes.append("GENERATED VIRTUAL") }
        if column.hidden == 3 { notes.append("GENERATED STORED") }
        return notes
    }

    /// Whether `column` of `table` can never hold NULL: declared `NOT NULL` (SQLite reports the primary key
    /// of a `WITHOUT ROWID` table so), or the `INTEGER PRIMARY KEY` that is the rowid.
    static func isNeverNull(_ column: String, in table: SchemaModel.Table) -> Bool {
        guard let found = table.columns.first(where: { $0.name.isSameIdentifier(as: column) }) else { return false }
        if found.isNotNull { return true }
        let isSolePrimaryKey = found.primaryKeyPosition == 1 && !table.columns.contains { $0.primaryKeyPosition > 1 }
        return isSolePrimaryKey && !table.isWithoutRowID && found.declaredType == "INTEGER"
    }

    /// The sets of columns that are unique in `table`: its primary key, its `UNIQUE` constraints, and its
    /// unique indexes that are neither partial nor on expressions.
    private static func uniqueColumnSets(of table: SchemaModel.Table, indexes: [SchemaModel.Index])
        -> [Set<SQLIdentifierKey>]
    {
        var sets: [Set<SQLIdentifierKey>] = []
        let primaryKey = table.columns.filter { $0.primaryKeyPosition > 0 }.map(\.name.identifierKey)
        if !primaryKey.isEmpty { sets.append(Set(primaryKey)) }
        for index in table.uniqueConstraints + indexes
        where index.isUnique && index.condition == nil && !index.terms.contains(where: \.isExpression) {
            sets.append(Set(index.terms.map(\.expression.identifierKey)))
        }
        return sets
    }
}
