/// One way a newer schema differs from an older one, holding the model's values on both sides: what
/// ``SchemaModel/changes(to:)`` finds, what `SchemaDifference` renders and what `kiln plan` turns into steps.
///
/// "Added" is in the newer schema only, "dropped" in the older one only. Renames are never found by comparing
/// two schemas (a renamed table looks dropped and added); only a caller that was told of a rename makes one.
package enum SchemaChange: Equatable, Sendable {
    /// A table only the newer schema has.
    case addTable(SchemaModel.Table)
    /// A table only the older schema has.
    case dropTable(SchemaModel.Table)
    /// A table renamed, as a caller was told (never found by comparing).
    case renameTable(from: String, to: String)
    /// A table both have, defined differently: each way, in ``SchemaChange/TableChange`` order.
    case modifyTable(old: SchemaModel.Table, new: SchemaModel.Table, changes: [TableChange])
    /// A `CREATE INDEX` index only the newer schema has.
    case addIndex(SchemaModel.Index)
    /// A `CREATE INDEX` index only the older schema has.
    case dropIndex(SchemaModel.Index)
    /// An index both have, differing in `aspects` (in ``IndexAspect`` order).
    case changeIndex(old: SchemaModel.Index, new: SchemaModel.Index, aspects: [IndexAspect])
    /// A view only the newer schema has.
    case addView(SchemaModel.Definition)
    /// A view only the older schema has.
    case dropView(SchemaModel.Definition)
    /// A view both have, with another definition or other result column names.
    case changeView(old: SchemaModel.Definition, new: SchemaModel.Definition)
    /// A trigger only the newer schema has.
    case addTrigger(SchemaModel.Definition)
    /// A trigger only the older schema has.
    case dropTrigger(SchemaModel.Definition)
    /// A trigger both have, with another definition.
    case changeTrigger(old: SchemaModel.Definition, new: SchemaModel.Definition)

    /// One way a table both schemas have differs. ``SchemaModel/Table/changes(to:)`` lists them in this order:
    /// columns added, dropped and altered, the column order, the options, CHECK constraints, foreign keys,
    /// UNIQUE and PRIMARY KEY constraints; a virtual table differs only by its definition.
    package enum TableChange: Equatable, Sendable {
        /// A column only the newer table has.
        case addColumn(SchemaModel.Column)
        /// A column only the older table has.
        case dropColumn(SchemaModel.Column)
        /// A column renamed, as a caller was told (never found by comparing).
        case renameColumn(from: String, to: String)
        /// A column both have, differing in `aspects` (in ``ColumnAspect`` order).
        case alterColumn(old: SchemaModel.Column, new: SchemaModel.Column, aspects: [ColumnAspect])
        /// The columns both tables have stand in another order: their names, old order and new.
        case reorderColumns(old: [String], new: [String])
        /// An option the newer table has (`to` true) or no longer has.
        case setOption(TableOption, to: Bool)
        /// A CHECK constraint (``SchemaText`` form) only the newer table has.
        case addCheck(String)
        /// A CHECK constraint only the older table has.
        case dropCheck(String)
        /// A CHECK constraint of the older table paired (in sorted order) with one of the newer in its place.
        case changeCheck(old: String, new: String)
        /// A foreign key only the newer table has (no key of the older one has its child columns).
        case addForeignKey(SchemaModel.ForeignKey)
        /// A foreign key only the older table has.
        case dropForeignKey(SchemaModel.ForeignKey)
        /// A foreign key over the same child columns, differing in `aspects` (in ``ForeignKeyAspect`` order).
        case alterForeignKey(old: SchemaModel.ForeignKey, new: SchemaModel.ForeignKey, aspects: [ForeignKeyAspect])
        /// A UNIQUE or PRIMARY KEY constraint only the newer table has.
        case addUniqueConstraint(SchemaModel.Index)
        /// A UNIQUE or PRIMARY KEY constraint only the older table has.
        case dropUniqueConstraint(SchemaModel.Index)
        /// A virtual table's definition (``SchemaText`` form; nil for an ordinary table), old and new.
        case changeVirtualDefinition(old: String?, new: String?)

        /// Whether it adds, drops or renames a column (the changes that name no constraint).
        package var isColumnPresence: Bool {
            switch self {
            case .addColumn, .dropColumn, .renameColumn: true
            default: false
            }
        }
    }

    /// An aspect of a column two tables can differ in; its raw value is the word the comparison shows.
    package enum ColumnAspect: String, CaseIterable, Sendable {
        /// The declared type.
        case type = "type"
        /// `NOT NULL`.
        case notNull = "NOT NULL"
        /// The DEFAULT expression.
        case defaultValue = "DEFAULT"
        /// The position in the primary key.
        case primaryKeyPosition = "primary key position"
        /// The collation.
        case collation = "COLLATE"
        /// The generated expression and kind.
        case generated = "generated"
        /// `pragma_table_xinfo`'s hidden (never listed when the newer column is generated: that is `generated`).
        case hidden = "hidden"

        /// The aspect's value in `column` as the comparison shows it: `yes`/`no`, a number, an expression, or
        /// nil for none (an empty type too is shown as none).
        package func value(of column: SchemaModel.Column) -> String? {
            switch self {
            case .type: column.declaredType
            case .notNull: column.isNotNull ? "yes" : "no"
            case .defaultValue: column.defaultExpression
            case .primaryKeyPosition: String(column.primaryKeyPosition)
            case .collation: column.collation ?? "BINARY"
            case .generated:
                column.hidden >= 2
                    ? "AS (\(column.generatedExpression ?? "?")) \(column.hidden == 3 ? "STORED" : "VIRTUAL")" : nil
            case .hidden: String(column.hidden)
            }
        }
    }

    /// A table option; its raw value is its SQL.
    package enum TableOption: String, CaseIterable, Sendable {
        /// `WITHOUT ROWID`.
        case withoutRowID = "WITHOUT ROWID"
        /// `STRICT`.
        case strict = "STRICT"
        /// `AUTOINCREMENT` on the primary key.
        case autoincrement = "AUTOINCREMENT"

        /// Whether `table` has it.
        package func isSet(in table: SchemaModel.Table) -> Bool {
            switch self {
            case .withoutRowID: table.isWithoutRowID
            case .strict: table.isStrict
            case .autoincrement: table.isAutoincrement
            }
        }
    }

    /// An aspect of a foreign key two keys over the same child columns can differ in; its raw value is its SQL.
    package enum ForeignKeyAspect: String, CaseIterable, Sendable {
        /// The parent table and columns.
        case references = "REFERENCES"
        /// The `ON UPDATE` action.
        case onUpdate = "ON UPDATE"
        /// The `ON DELETE` action.
        case onDelete = "ON DELETE"
        /// The `MATCH` clause.
        case match = "MATCH"
        /// Whether checking is deferred.
        case deferred = "DEFERRABLE INITIALLY DEFERRED"

        /// The aspect's value in `key` as the comparison shows it, e.g. `author(id)`, `CASCADE`, `yes`.
        package func value(of key: SchemaModel.ForeignKey) -> String {
            switch self {
            case .references:
                SchemaText.identifierText(key.parentTable)
                    + (key.parentColumns.isEmpty
                        ? "" : "(\(key.parentColumns.map(SchemaText.identifierText).joined(separator: ", ")))")
            case .onUpdate: key.onUpdate
            case .onDelete: key.onDelete
            case .match: key.match
            case .deferred: key.isDeferred ? "yes" : "no"
            }
        }
    }

    /// An aspect of an index two indexes of one name can differ in; its raw value is the word the comparison
    /// shows.
    package enum IndexAspect: String, CaseIterable, Sendable {
        /// The indexed table.
        case table = "table"
        /// Whether it is UNIQUE.
        case unique = "UNIQUE"
        /// The key terms.
        case terms = "columns"
        /// A partial index's condition.
        case condition = "WHERE"

        /// The aspect's value in `index` as the comparison shows it, e.g. `note`, `yes`, `(a, b DESC)`, `none`.
        package func value(of index: SchemaModel.Index) -> String {
            switch self {
            case .table: SchemaText.identifierText(index.table)
            case .unique: index.isUnique ? "yes" : "no"
            case .terms: SchemaModel.termsText(index.terms)
            case .condition: index.condition ?? "none"
            }
        }
    }
}

extension SchemaModel {
    /// Index terms as `(a, lower(b) COLLATE NOCASE DESC)`, names folded.
    package static func termsText(_ terms: [IndexTerm]) -> String {
        "("
            + terms.map { term in
                (term.isExpression ? term.expression : SchemaText.identifierText(term.expression))
                    + (term.collation == "BINARY" ? "" : " COLLATE \(term.collation)")
                    + (term.isDescending ? " DESC" : "")
            }.joined(separator: ", ") + ")"
    }
}
