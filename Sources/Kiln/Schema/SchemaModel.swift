/// A database's schema as values read from SQLite itself (`pragma_table_xinfo`, `pragma_index_list`,
/// `pragma_index_xinfo`, `pragma_foreign_key_list`, `pragma_table_list`), completed from the stored
/// definitions for what the pragmas do not expose (CHECK constraints, column collations, generated
/// expressions, AUTOINCREMENT, deferred foreign keys, partial-index conditions, views and triggers).
///
/// Names keep the spelling the database stores; expressions are in ``SchemaText`` form. Every list has a
/// stable order (columns in declaration order, everything else by folded name or text), so two models can
/// be compared item by item; `SchemaDifference.compare(expected:actual:ignoringTables:)` says how two
/// models differ, treating names as SQLite does (ASCII case ignored).
package struct SchemaModel: Equatable, Sendable, Encodable {
    /// Tables, by folded name.
    package var tables: [Table]
    /// Indexes created with `CREATE INDEX`, by folded name (those SQLite makes for `UNIQUE` and `PRIMARY KEY`
    /// constraints are part of their table, ``Table/uniqueConstraints``).
    package var indexes: [Index]
    /// Views, by folded name.
    package var views: [Definition]
    /// Triggers, by folded name.
    package var triggers: [Definition]

    /// Creates a model from its parts.
    package init(tables: [Table] = [], indexes: [Index] = [], views: [Definition] = [], triggers: [Definition] = []) {
        self.tables = tables
        self.indexes = indexes
        self.views = views
        self.triggers = triggers
    }

    /// One column.
    package struct Column: Equatable, Sendable, Encodable {
        /// The column's name.
        package var name: String
        /// The declared type in upper case (as `SchemaText` writes types); empty when none.
        package var declaredType: String
        /// Whether it is `NOT NULL`.
        package var isNotNull: Bool
        /// The DEFAULT expression in ``SchemaText`` form, or nil.
        package var defaultExpression: String?
        /// The 1-based position in the primary key, or 0.
        package var primaryKeyPosition: Int
        /// The collation named with `COLLATE` (folded to upper case), or nil for the default, `BINARY`.
        package var collation: String?
        /// The generated column's expression in ``SchemaText`` form, or nil for a stored value.
        package var generatedExpression: String?
        /// `pragma_table_xinfo`'s `hidden`: 0 ordinary, 1 hidden (virtual tables), 2 generated VIRTUAL,
        /// 3 generated STORED.
        package var hidden: Int
        /// How SQLite stores its values, asked of SQLite once per declared type.
        package var affinity: Affinity = .none
        /// The declared type and DEFAULT word for word, never compared.
        package var stored = StoredColumn()
    }

    /// A foreign key, one per `pragma_foreign_key_list` id.
    package struct ForeignKey: Equatable, Sendable, Encodable {
        /// The child columns, in order.
        package var columns: [String]
        /// The parent table.
        package var parentTable: String
        /// The parent columns. A key written without them refers to the parent's primary key, whose columns
        /// are filled in; they stay empty only when the parent is missing or has no declared primary key.
        package var parentColumns: [String]
        /// `ON UPDATE` action, e.g. `NO ACTION`, `CASCADE`.
        package var onUpdate: String
        /// `ON DELETE` action.
        package var onDelete: String
        /// `MATCH` clause (`NONE` by default; SQLite parses but ignores it).
        package var match: String
        /// Whether it is `DEFERRABLE INITIALLY DEFERRED` (any other spelling is checked immediately).
        package var isDeferred: Bool
        /// Its id and parent columns as SQLite lists them, never compared.
        package var stored = StoredForeignKey()
    }

    /// One term of an index: a column or an expression, with its collation and order.
    package struct IndexTerm: Equatable, Sendable, Encodable {
        /// The column name, or the expression in ``SchemaText`` form (`rowid` for the rowid).
        package var expression: String
        /// Whether it is an expression rather than a column.
        package var isExpression: Bool
        /// The collating sequence, folded to upper case.
        package var collation: String
        /// Whether it is in descending order.
        package var isDescending: Bool
    }

    /// An index: one made with `CREATE INDEX`, or one SQLite made for a `UNIQUE` or `PRIMARY KEY` constraint.
    package struct Index: Equatable, Sendable, Encodable {
        /// The index's name (SQLite's `sqlite_autoindex_…` for a constraint).
        package var name: String
        /// The indexed table.
        package var table: String
        /// Whether it is `UNIQUE`.
        package var isUnique: Bool
        /// `c` for `CREATE INDEX`, `u` for a `UNIQUE` constraint, `pk` for a `PRIMARY KEY` constraint.
        package var origin: String
        /// The key terms, in order.
        package var terms: [IndexTerm]
        /// A partial index's `WHERE` condition in ``SchemaText`` form, or nil.
        package var condition: String?
        /// Its `CREATE INDEX` statement as stored (empty for a constraint's index), never compared.
        package var stored = StoredDefinition()
    }

    /// A table.
    package struct Table: Equatable, Sendable, Encodable {
        /// The table's name.
        package var name: String
        /// Its columns, in declaration order.
        package var columns: [Column]
        /// CHECK constraints (column and table ones) in ``SchemaText`` form, sorted.
        package var checks: [String]
        /// Foreign keys, sorted by child columns, then parent.
        package var foreignKeys: [ForeignKey]
        /// Indexes SQLite made for `UNIQUE` and `PRIMARY KEY` constraints, sorted by their terms.
        package var uniqueConstraints: [Index]
        /// Whether it is `WITHOUT ROWID`.
        package var isWithoutRowID: Bool
        /// Whether it is `STRICT`.
        package var isStrict: Bool
        /// Whether its primary key is `AUTOINCREMENT`.
        package var isAutoincrement: Bool
        /// For a virtual table, its whole definition in ``SchemaText`` form.
        package var virtualDefinition: String?
        /// Whether it is a shadow table, one a virtual table (FTS, R*Tree) keeps its data in and creates and
        /// drops itself (`pragma_table_list`'s type `shadow`; false with a SQLite older than 3.37).
        package var isShadow = false
        /// Its `CREATE TABLE` statement as stored, never compared.
        package var stored = StoredDefinition()
    }

    /// A view or trigger: its name, its table, and its whole definition in ``SchemaText`` form.
    package struct Definition: Equatable, Sendable, Encodable {
        /// The object's name.
        package var name: String
        /// The table a trigger belongs to (the view's own name for a view).
        package var table: String
        /// The `CREATE` statement in ``SchemaText`` form, without `IF NOT EXISTS`.
        package var sql: String
        /// A view's result column names exactly as SQLite names them (`pragma_table_xinfo`), which for a column
        /// without an alias is the expression's text as written (`qty*2`), so a re-layout can rename it while
        /// ``sql`` stays the same; nil for a trigger, or for a view SQLite cannot read (a missing table).
        package var columns: [String]? = nil
        /// Its `CREATE` statement as stored, never compared.
        package var stored = StoredDefinition()
    }

    /// This model without the named tables and the indexes and triggers that belong to them (names compared
    /// as SQLite compares them).
    package func excludingTables(_ names: some Sequence<String>) -> SchemaModel {
        let keys = Set(names.map(\.identifierKey))
        guard !keys.isEmpty else { return self }
        return SchemaModel(
            tables: tables.filter { !keys.contains($0.name.identifierKey) },
            indexes: indexes.filter { !keys.contains($0.table.identifierKey) },
            views: views.filter { !keys.contains($0.name.identifierKey) },
            triggers: triggers.filter { !keys.contains($0.table.identifierKey) })
    }
}
