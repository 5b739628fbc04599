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
        let affinity: SchemaModel.Affinity
        /// The type as declared (`TIMESTAMP`), empty when none.
        let declaredType: String
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
    /// `INSERT INTO main.<table> (<columns>) VALUES (?, …)`.
    let insertSQL: String
    /// The query for the table's oldest row (the first by rowid, or by primary key), in ``columns`` order.
    let firstRowSQL: String

    init(schema: TableSchema, columns: [Column], hasRowID: Bool, sql: String) {
        self.schema = schema
        self.columns = columns
        self.hasRowID = hasRowID
        self.sql = sql
        let names = columns.map { quoted($0.name) }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        insertSQL = "INSERT INTO main.\(quoted(schema.name)) (\(names)) VALUES (\(marks))"
        firstRowSQL = "SELECT \(names) FROM main.\(quoted(schema.name))\(hasRowID ? " ORDER BY rowid" : "") LIMIT 1"
    }

    /// The table's name.
    var name: String { schema.name }

    /// Every ordinary table of the `main` database (no virtual, shadow or `sqlite_` table), in name order. A
    /// table whose `CREATE TABLE` text was read before is not read again: everything here follows from that
    /// text (SQLite rewrites it on every ALTER TABLE).
    ///
    /// - Parameters:
    ///   - connection: the database.
    ///   - cache: the run's cache, which remembers each table by its text.
    /// - Returns: the tables.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func readAll(from connection: SQLiteConnection, cache: SchemaTextCache) throws -> [UpgradeTable] {
        let list = try connection.rows(
            sql: """
                SELECT t.name, t.wr, s.sql FROM pragma_table_list AS t
                JOIN main.sqlite_schema AS s ON s.name = t.name AND s.type = 'table'
                WHERE t.schema = 'main' AND t.type = 'table' AND t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY t.name
                """)
        return try list.compactMap { row in
            guard case .text(let name) = row[0], case .text(let sql) = row[2] else { return nil }
            return try cache.table(sql: sql) {
                try read(name, hasRowID: row[1] != .integer(1), sql: sql, connection)
            }
        }
    }

    /// Reads one table, through the schema model's reader.
    private static func read(
        _ name: String, hasRowID: Bool, sql: String, _ connection: SQLiteConnection
    ) throws -> UpgradeTable {
        let table = try SchemaModel.Table.read(name, sql: sql, from: connection)
        let rowIDName = hasRowID ? table.rowIDAlias?.name : nil
        let columns = table.insertableColumns.map { column in
            Column(
                name: column.name, affinity: column.affinity, declaredType: column.stored.declaredType,
                refusesNull: column.isNotNull || column.primaryKeyPosition > 0, defaultSQL: column.stored.defaultValue,
                isRowID: rowIDName.map { column.name.isSameIdentifier(as: $0) } ?? false)
        }
        return UpgradeTable(schema: TableSchema(table, indexes: []), columns: columns, hasRowID: hasRowID, sql: sql)
    }

    /// The position of the column named `name` among ``columns``.
    ///
    /// - Returns: the position, or nil when no insertable column has that name.
    func position(of name: String) -> Int? {
        columns.firstIndex { $0.name.isSameIdentifier(as: name) }
    }
}
