extension SchemaModel {
    /// How SQLite stores the values of a column: its type affinity (<https://www.sqlite.org/datatype3.html>,
    /// section 3.1), as SQLite itself determines it from the declared type, with the two kinds of column that
    /// keep values as given (no declared type, and `ANY` in a STRICT table) told apart from `BLOB`.
    package enum Affinity: String, Sendable, Equatable, Encodable {
        /// The declared type contains `INT`.
        case integer
        /// The declared type contains `CHAR`, `CLOB` or `TEXT`.
        case text
        /// The declared type contains `BLOB`.
        case blob
        /// No declared type: values are stored as given.
        case none
        /// The declared type contains `REAL`, `FLOA` or `DOUB`.
        case real
        /// Anything else, e.g. `NUMERIC`, `DECIMAL`, `BOOLEAN`, `DATE`.
        case numeric
        /// `ANY` in a STRICT table: values are stored as given.
        case any
    }

    /// An object's definition as the database stores it: what the snapshot's text and the projections of the
    /// model read, never what two models are compared by (two models that differ only here are equal).
    package struct StoredDefinition: Equatable, Sendable, Encodable {
        /// The `CREATE` statement word for word as `sqlite_schema` holds it (empty for a model not read).
        package var sql: String
        /// The object's position among the rows of `sqlite_schema`, the order they were created in.
        package var position: Int

        /// Creates a stored definition.
        package init(sql: String = "", position: Int = 0) {
            self.sql = sql
            self.position = position
        }

        /// Always true: how a definition is spelled never makes two models differ.
        package static func == (lhs: StoredDefinition, rhs: StoredDefinition) -> Bool { true }
    }

    /// A column as `pragma_table_xinfo` reports it, word for word: never what two models are compared by.
    package struct StoredColumn: Equatable, Sendable, Encodable {
        /// The declared type as written (empty when none).
        package var declaredType: String
        /// The DEFAULT expression's text as written, or nil.
        package var defaultValue: String?

        /// Creates a stored column.
        package init(declaredType: String = "", defaultValue: String? = nil) {
            self.declaredType = declaredType
            self.defaultValue = defaultValue
        }

        /// Always true: how a column is spelled never makes two models differ.
        package static func == (lhs: StoredColumn, rhs: StoredColumn) -> Bool { true }
    }

    /// A foreign key as `pragma_foreign_key_list` reports it: never what two models are compared by.
    package struct StoredForeignKey: Equatable, Sendable, Encodable {
        /// The key's `id` (SQLite numbers a table's keys from the last declared one).
        package var id: Int
        /// The parent columns as written: empty when the key refers to the parent's primary key.
        package var parentColumns: [String]

        /// Creates a stored foreign key.
        package init(id: Int = 0, parentColumns: [String] = []) {
            self.id = id
            self.parentColumns = parentColumns
        }

        /// Always true: how a key is written never makes two models differ.
        package static func == (lhs: StoredForeignKey, rhs: StoredForeignKey) -> Bool { true }
    }
}

extension SchemaModel.Table {
    /// Whether it is an ordinary table: not virtual and not a virtual table's shadow table.
    package var isOrdinary: Bool { virtualDefinition == nil && !isShadow }

    /// The rowid alias: the `INTEGER PRIMARY KEY` column of a rowid table, which SQLite fills itself.
    package var rowIDAlias: SchemaModel.Column? {
        let key = columns.filter { $0.primaryKeyPosition > 0 }
        guard !isWithoutRowID, virtualDefinition == nil, key.count == 1,
            key[0].stored.declaredType.uppercased() == "INTEGER"
        else { return nil }
        return key[0]
    }

    /// The columns an INSERT may name, in order: neither generated nor hidden.
    package var insertableColumns: [SchemaModel.Column] { columns.filter { $0.hidden == 0 } }

    /// The primary key's columns, in key order (empty for a table without one).
    package var primaryKey: [SchemaModel.Column] {
        columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }
    }

    /// Its foreign keys in `pragma_foreign_key_list` order (by id).
    package var foreignKeysByID: [SchemaModel.ForeignKey] { foreignKeys.sorted { $0.stored.id < $1.stored.id } }
}
