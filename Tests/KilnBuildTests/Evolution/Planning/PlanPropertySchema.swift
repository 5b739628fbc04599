import Kiln

// The property test's own description of a schema: tables, columns and everything that refers to them hold
// stable ids, so a rename changes one name and every reference follows, a drop shows as a dangling id, and the
// SQL of both schemas of a pair is rendered from the same values.

/// A piece of SQL that may name columns, tables and views by id; rendered with the names of one schema.
struct PropertyExpression: Equatable {
    /// One piece: text as is, or a reference rendered as a quoted name.
    enum Part: Equatable {
        case text(String)
        case column(Int)
        case table(Int)
        case view(Int)
    }

    var parts: [Part]

    init(_ parts: [Part]) { self.parts = parts }

    /// Plain SQL without references.
    static func sql(_ text: String) -> PropertyExpression { PropertyExpression([.text(text)]) }

    /// The ids of the columns it names.
    var columns: [Int] { parts.compactMap { if case .column(let id) = $0 { id } else { nil } } }
    /// The ids of the tables it names.
    var tables: [Int] { parts.compactMap { if case .table(let id) = $0 { id } else { nil } } }
    /// The ids of the views it names.
    var views: [Int] { parts.compactMap { if case .view(let id) = $0 { id } else { nil } } }
}

/// A column of a generated table.
struct PropertyColumn: Equatable {
    var id: Int
    var name: String
    var type: String
    var isNotNull = false
    var defaultSQL: String?
    var isUnique = false
    var collation: String?
    var check: PropertyExpression?
    /// A VIRTUAL generated column's expression.
    var generated: PropertyExpression?
}

/// A foreign key, always written as a table constraint naming the parent's columns.
struct PropertyForeignKey: Equatable {
    var columns: [Int]
    var parent: Int
    var parentColumns: [Int]
    var onDelete = "NO ACTION"
    /// Written on its one column (`REFERENCES "p" ("id")`), as `ADD COLUMN` can add it.
    var isInline = false
}

/// A generated table.
struct PropertyTable: Equatable {
    var id: Int
    var name: String
    var columns: [PropertyColumn]
    /// Column ids of the primary key; one INTEGER column is written inline (a rowid alias).
    var primaryKey: [Int] = []
    var isAutoincrement = false
    var isWithoutRowID = false
    var isStrict = false
    var checks: [PropertyExpression] = []
    var uniques: [[Int]] = []
    var foreignKeys: [PropertyForeignKey] = []

    /// The column with `id`.
    func column(_ id: Int) -> PropertyColumn? { columns.first { $0.id == id } }
    /// Whether it has a rowid.
    var hasRowID: Bool { !isWithoutRowID }
}

/// A `CREATE INDEX`.
struct PropertyIndex: Equatable {
    var id: Int
    var name: String
    var table: Int
    var isUnique = false
    var terms: [PropertyExpression]
    var condition: PropertyExpression?
}

/// A view: `SELECT <columns> FROM <source> [WHERE …]`, every column aliased so views on it do not depend on
/// the source's column names.
struct PropertyView: Equatable {
    var id: Int
    var name: String
    var body: PropertyExpression
    /// The aliases it exposes, for views on it.
    var outputs: [String]
}

/// A trigger whose body only reads (it never changes rows, so data checks stay exact).
struct PropertyTrigger: Equatable {
    var id: Int
    var name: String
    var table: Int
    /// Everything after `CREATE TRIGGER "name"`.
    var body: PropertyExpression
}

/// A value of another storage class than its column's type names, written over one row of A's generated data
/// (an ordinary INTEGER column keeps `'abc'`, a TEXT column a blob): what a table turned STRICT must convert.
struct PropertyMistype: Equatable {
    var table: Int
    var column: Int
    /// The value, as SQL.
    var value: String
}

/// A whole generated schema.
struct PropertySchema: Equatable {
    var tables: [PropertyTable] = []
    var indexes: [PropertyIndex] = []
    var views: [PropertyView] = []
    var triggers: [PropertyTrigger] = []
    /// Values written over A's generated rows once they are in (schema A only).
    var mistypes: [PropertyMistype] = []

    /// The table with `id`.
    func table(_ id: Int) -> PropertyTable? { tables.first { $0.id == id } }
    /// The index of the table with `id` in ``tables``.
    func tableIndex(_ id: Int) -> Int? { tables.firstIndex { $0.id == id } }
    /// The table holding column `id`.
    func tableOfColumn(_ id: Int) -> PropertyTable? { tables.first { $0.column(id) != nil } }
    /// The column with `id`, in any table.
    func column(_ id: Int) -> PropertyColumn? { tableOfColumn(id)?.column(id) }

    /// Every name a table, index, view or trigger uses (folded, since SQLite compares them so).
    var objectNames: Set<String> {
        Set(
            (tables.map(\.name) + indexes.map(\.name) + views.map(\.name) + triggers.map(\.name))
                .map { $0.lowercased() })
    }

    /// Whether every reference of `expression` names something this schema has.
    func resolves(_ expression: PropertyExpression) -> Bool {
        expression.columns.allSatisfy { column($0) != nil } && expression.tables.allSatisfy { table($0) != nil }
            && expression.views.allSatisfy { id in views.contains { $0.id == id } }
    }

    /// `expression` with this schema's quoted names.
    func render(_ expression: PropertyExpression) -> String {
        expression.parts.map { part in
            switch part {
            case .text(let text): text
            case .column(let id): quoted(column(id)?.name ?? "missing_column_\(id)")
            case .table(let id): quoted(table(id)?.name ?? "missing_table_\(id)")
            case .view(let id): quoted(views.first { $0.id == id }?.name ?? "missing_view_\(id)")
            }
        }.joined()
    }
}
