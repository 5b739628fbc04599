import Foundation

/// The user-visible schema of one database: its tables with their columns, and its indexes, views and
/// triggers, each with its normalized SQL. SQLite's internal objects (`sqlite_*`) are left out.
///
/// Two databases with equal snapshots serve the same statements the same way; ``SchemaDifference`` explains
/// how two snapshots differ, comparing their ``model``s (so a quoted name or another constraint order is not
/// a difference). The text (``statements``) stays what the content hash of a built database is made of.
package struct SchemaSnapshot: Equatable, Sendable {
    /// One column as `PRAGMA table_xinfo` describes it.
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

    /// Reads the schema of `schemaName` (`main`, or an attached database's name).
    package static func read(from connection: SQLiteConnection, schemaName: String = "main") throws -> SchemaSnapshot {
        let quotedSchema = quoted(schemaName)
        let rows = try connection.rows(
            sql: """
                SELECT type, name, tbl_name, sql FROM \(quotedSchema).sqlite_schema
                WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql IS NOT NULL ORDER BY name
                """)
        var tables: [Table] = []
        var objects: [Object] = []
        let columnQuery = try connection.prepare(
            sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid")
        for row in rows {
            guard case .text(let type) = row[0], case .text(let name) = row[1], case .text(let tableName) = row[2],
                case .text(let sql) = row[3]
            else { continue }
            let normalized = SQLNormalizer.normalize(sql)
            if type == "table" {
                try columnQuery.reset()
                try columnQuery.bind([.text(name), .text(schemaName)])
                var columns: [Column] = []
                while try columnQuery.step() {
                    columns.append(
                        Column(
                            name: columnQuery.text(at: 0) ?? "", declaredType: columnQuery.text(at: 1) ?? "",
                            isNotNull: columnQuery.value(at: 2) == .integer(1), defaultValue: columnQuery.text(at: 3),
                            primaryKeyPosition: Int(columnQuery.value(at: 4).integerValue ?? 0),
                            hidden: Int(columnQuery.value(at: 5).integerValue ?? 0)))
                }
                tables.append(Table(name: name, columns: columns, sql: normalized))
            } else {
                objects.append(Object(type: type, name: name, tableName: tableName, sql: normalized))
            }
        }
        return SchemaSnapshot(
            tables: tables, objects: objects, model: try SchemaModel.read(from: connection, schemaName: schemaName))
    }
}
