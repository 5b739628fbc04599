import Foundation

/// The user-visible schema of one database: its tables with their columns, and its indexes, views and
/// triggers, each with its normalized SQL. SQLite's internal objects (`sqlite_*`) are left out.
///
/// Two databases with equal snapshots serve the same statements the same way; ``SchemaDifference`` explains
/// how two snapshots differ, comparing their ``model``s (so a quoted name or another constraint order is not
/// a difference). The text (``statements``) stays what the content hash of a built database is made of.
package struct SchemaSnapshot: Equatable, Sendable {
    /// One column, as the database stores it (the model's stored spelling).
    package struct Column: Equatable, Sendable {
        /// The column's name.
        package let name: String
        /// The declared type, as written (empty when none).
        package let declaredType: String
        /// Whether it is `NOT NULL`.
        package let isNotNull: Bool
        /// The default value's SQL text, if any.
        package let defaultValue: String?
        /// The column's 1-based position in the primary key, or 0.
        package let primaryKeyPosition: Int
        /// 0 for an ordinary column, otherwise the kind of hidden or generated column.
        package let hidden: Int

        /// A short definition, e.g. `code TEXT NOT NULL DEFAULT ''`.
        package var summary: String {
            var parts = [name]
            if !declaredType.isEmpty { parts.append(declaredType) }
            if primaryKeyPosition > 0 { parts.append("PRIMARY KEY") }
            if isNotNull { parts.append("NOT NULL") }
            if let defaultValue { parts.append("DEFAULT \(defaultValue)") }
            if hidden > 1 { parts.append("GENERATED") }
            return parts.joined(separator: " ")
        }
    }

    /// A table, with its columns in order.
    package struct Table: Equatable, Sendable {
        /// The table's name.
        package let name: String
        /// Its columns, in declaration order.
        package let columns: [Column]
        /// Its normalized `CREATE TABLE` statement.
        package let sql: String
    }

    /// An index, view or trigger.
    package struct Object: Equatable, Sendable {
        /// `index`, `view` or `trigger`.
        package let type: String
        /// The object's name.
        package let name: String
        /// The table it belongs to (the view's own name for a view).
        package let tableName: String
        /// Its normalized `CREATE` statement.
        package let sql: String
    }

    /// Tables, ordered by name.
    package let tables: [Table]
    /// Indexes, views and triggers, ordered by type then name. Indexes SQLite makes for `UNIQUE` and
    /// `PRIMARY KEY` constraints are part of their table's definition and not listed.
    package let objects: [Object]
    /// The same schema as values read from SQLite's pragmas, which ``SchemaDifference`` compares.
    package let model: SchemaModel

    /// Every object's normalized SQL, tables first, then indexes, views and triggers, each group by name.
    package var statements: [String] {
        let order = ["index": 0, "view": 1, "trigger": 2]
        return tables.map(\.sql)
            + objects.sorted { (order[$0.type] ?? 3, $0.name) < (order[$1.type] ?? 3, $1.name) }.map(\.sql)
    }

    /// Whether the database has no tables, indexes, views or triggers of its own.
    package var isEmpty: Bool { tables.isEmpty && objects.isEmpty }

    /// Reads the schema of `schemaName` (`main`, or an attached database's name): the model, whose stored
    /// definitions give the text.
    package static func read(from connection: SQLiteConnection, schemaName: String = "main") throws -> SchemaSnapshot {
        SchemaSnapshot(
            model: try SchemaModel.read(from: connection, schemaName: schemaName, requiresVirtualColumns: true))
    }

    /// The snapshot of `model`, a model read from a database (its stored definitions give the text): tables and
    /// objects by name, byte for byte as SQLite orders them.
    package init(model: SchemaModel) {
        func byName(_ first: String, _ second: String) -> Bool { first.utf8.lexicographicallyPrecedes(second.utf8) }
        tables = model.tables.sorted { byName($0.name, $1.name) }.map { table in
            Table(
                name: table.name,
                columns: table.columns.map { column in
                    Column(
                        name: column.name, declaredType: column.stored.declaredType, isNotNull: column.isNotNull,
                        defaultValue: column.stored.defaultValue, primaryKeyPosition: column.primaryKeyPosition,
                        hidden: column.hidden)
                }, sql: SQLNormalizer.normalize(table.stored.sql))
        }
        let objects =
            model.indexes.map { ("index", $0.name, $0.table, $0.stored.sql) }
            + model.views.map { ("view", $0.name, $0.table, $0.stored.sql) }
            + model.triggers.map { ("trigger", $0.name, $0.table, $0.stored.sql) }
        self.objects = objects.sorted { byName($0.1, $1.1) }.map {
            Object(type: $0.0, name: $0.1, tableName: $0.2, sql: SQLNormalizer.normalize($0.3))
        }
        self.model = model
    }
}
