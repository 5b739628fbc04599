import Kiln

/// What seeding needs to know about one table, read from the database's own schema: the only source of
/// identifiers that ever reach SQL text.
package struct TableSchema: Sendable {
    /// One column.
    package struct Column: Sendable {
        /// The name as the schema spells it.
        package let name: String
        /// The declared type.
        package let declaredType: String
        /// How values are bound to it.
        package let affinity: SchemaModel.Affinity
        /// Position in the primary key (1-based), or 0.
        package let primaryKeyPosition: Int
        /// Whether it is generated (and so cannot be inserted).
        package let isGenerated: Bool
        /// Whether it is hidden (a virtual table's hidden column).
        package let isHidden: Bool
    }

    /// One foreign key: the child's columns and the parent table.
    package struct ForeignKey: Sendable {
        /// The parent table's name.
        package let parent: String
        /// The child columns, in order.
        package var columns: [String]
        /// The parent columns (empty when the parent's primary key is meant).
        package var parentColumns: [String]
    }

    /// The table's name as the schema spells it.
    package let name: String
    /// The columns in order.
    package let columns: [Column]
    /// Foreign keys to other tables (or itself).
    package let foreignKeys: [ForeignKey]
    /// Whether the table is STRICT.
    package let isStrict: Bool
    /// The `CREATE INDEX` statements of its explicit indexes.
    package let indexes: [(name: String, sql: String)]

    /// The primary key's columns, in key order; for a table without one, empty (its rowid is not a key a
    /// CSV can name).
    package var primaryKey: [Column] {
        columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }
    }

    /// The column named `name`, compared as SQLite compares identifiers (ASCII case ignored).
    ///
    /// - Returns: the column, or nil when the table has none by that name.
    package func column(named name: String) -> Column? {
        let wanted = name.identifierKey
        return columns.first { $0.name.identifierKey == wanted }
    }
}
