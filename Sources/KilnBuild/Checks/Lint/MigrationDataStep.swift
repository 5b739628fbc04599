import Kiln

/// What one statement does to the rows and columns of a migration's tables, as far as the destructive lint
/// follows them (``MigrationDataFlow``): names are keys (``SQLIdentifierKey``), each the last part of a
/// possibly schema-qualified name.
enum MigrationDataStep: Equatable {
    /// `CREATE [TEMP] TABLE`.
    case create(table: SQLIdentifierKey, temporary: Bool)
    /// Values read from `sources` written into `target`: `INSERT … SELECT`, `CREATE TABLE … AS SELECT`, or one
    /// assignment of an `UPDATE`.
    case copy(sources: [DataSource], target: DataPlace)
    /// `DROP TABLE`.
    case dropTable(SQLIdentifierKey)
    /// `ALTER TABLE … DROP COLUMN`.
    case dropColumn(table: SQLIdentifierKey, column: SQLIdentifierKey)
    /// `ALTER TABLE … RENAME TO`.
    case renameTable(from: SQLIdentifierKey, to: SQLIdentifierKey)
    /// `ALTER TABLE … RENAME [COLUMN] … TO`.
    case renameColumn(table: SQLIdentifierKey, from: SQLIdentifierKey, to: SQLIdentifierKey)

    /// Whether the step drops `place`: its table, or the column it is.
    func destroys(_ place: DataPlace) -> Bool {
        switch self {
        case .dropTable(let table): table == place.table
        case .dropColumn(let table, let column): table == place.table && column == place.column
        default: false
        }
    }
}

/// Where a copy writes, or what a drop destroys: a whole table, or one of its columns.
struct DataPlace: Hashable {
    /// The table.
    var table: SQLIdentifierKey
    /// The column; nil for the whole table.
    var column: SQLIdentifierKey?

    /// The place `column` of `table`, or the whole table when `column` is nil.
    init(table: SQLIdentifierKey, column: SQLIdentifierKey? = nil) {
        self.table = table
        self.column = column
    }
}

/// A table a copy reads, and the words of the copy that may name its columns.
struct DataSource: Equatable {
    /// The table read.
    let table: SQLIdentifierKey
    /// Every identifier in the part of the statement that produces the copied values.
    let words: Set<SQLIdentifierKey>
    /// Whether that part selects `*` or `table.*`.
    let readsAllColumns: Bool

    /// Whether copying from this source copies what `place` holds: any read of a whole table's rows counts
    /// for the table; a column needs its name among the copied values (or a `*`).
    func covers(_ place: DataPlace) -> Bool {
        guard table == place.table else { return false }
        guard let column = place.column else { return true }
        return readsAllColumns || words.contains(column)
    }
}
