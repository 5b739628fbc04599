import Kiln

/// What generating upgrade rows needs to know about one table beyond ``TableSchema``: the columns an INSERT
/// may name (never generated or hidden ones), their NOT NULL and DEFAULT, whether the table has a rowid, and
/// its `CREATE TABLE` text (for its CHECK constraints).
struct UpgradeTable {
    /// One column an INSERT may name.
    struct Column {
        /// The name as the schema spells it.
        let name: String
        /// How values are stored (exact types in a STRICT table).
        let affinity: ColumnAffinity
        /// Whether NULL is refused (declared NOT NULL, or part of a primary key, where NULL is never wanted).
        let refusesNull: Bool
        /// The DEFAULT clause's text, when there is one.
        let defaultSQL: String?
        /// Whether it is the rowid (`INTEGER PRIMARY KEY` of a rowid table): SQLite picks its value.
        let isRowID: Bool
    }

    /// The schema read by seeding.
    let schema: TableSchema
    /// The columns an INSERT may name, in order.
    let columns: [Column]
    /// Whether the table has a rowid (it is not `WITHOUT ROWID`).
    let hasRowID: Bool
    /// The `CREATE TABLE` statement.
    let sql: String

    /// The table's name.
    var name: String { schema.name }

    /// Reads the rest of `schema`'s table from `connection`.
    ///
    /// - Returns: the table.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func read(_ schema: TableSchema, from connection: SQLiteConnection) throws -> UpgradeTable {
        let list = try connection.rows(
            sql:
                "SELECT t.wr, s.sql FROM pragma_table_list AS t JOIN main.sqlite_schema AS s ON s.name = t.name WHERE t.schema = 'main' AND t.name = ? AND s.type = 'table'",
            [.text(schema.name)])
        let hasRowID = list.first?[0] != .integer(1)
        let sql: String
        if case .text(let text)? = list.first?[1] { sql = text } else { sql = "" }
        let primaryKey = schema.primaryKey
        let rowIDName =
            hasRowID && primaryKey.count == 1 && primaryKey[0].declaredType.uppercased() == "INTEGER"
            ? primaryKey[0].name : nil
        var columns: [Column] = []
        for row in try connection.rows(
            sql: "SELECT name, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid",
            [.text(schema.name)])
        where row[4] == .integer(0) {
            guard case .text(let name) = row[0], let column = schema.column(named: name) else { continue }
            var defaultSQL: String?
            if case .text(let text) = row[2] { defaultSQL = text }
            columns.append(
                Column(
                    name: name, affinity: column.affinity,
                    refusesNull: row[1] == .integer(1) || (row[3].integerValue ?? 0) > 0, defaultSQL: defaultSQL,
                    isRowID: rowIDName.map { name.isSameIdentifier(as: $0) } ?? false))
        }
        return UpgradeTable(schema: schema, columns: columns, hasRowID: hasRowID, sql: sql)
    }

    /// The position of the column named `name` among ``columns``.
    ///
    /// - Returns: the position, or nil when no insertable column has that name.
    func position(of name: String) -> Int? {
        columns.firstIndex { $0.name.isSameIdentifier(as: name) }
    }
}
