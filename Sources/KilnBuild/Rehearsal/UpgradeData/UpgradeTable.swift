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
    /// - Returns: the tables.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func readAll(from connection: SQLiteConnection) throws -> [UpgradeTable] {
        let list = try connection.rows(
            sql: """
                SELECT t.name, t.wr, t.strict, s.sql FROM pragma_table_list AS t
                JOIN main.sqlite_schema AS s ON s.name = t.name AND s.type = 'table'
                WHERE t.schema = 'main' AND t.type = 'table' AND t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY t.name
                """)
        return try list.compactMap { row in
            guard case .text(let name) = row[0], case .text(let sql) = row[3] else { return nil }
            return try SchemaTextCache.shared.table(sql: sql) {
                try read(name, hasRowID: row[1] != .integer(1), strict: row[2] == .integer(1), sql: sql, connection)
            }
        }
    }

    /// Reads one table's columns and foreign keys.
    private static func read(
        _ name: String, hasRowID: Bool, strict: Bool, sql: String, _ connection: SQLiteConnection
    ) throws -> UpgradeTable {
        let info = try connection.rows(
            sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid",
            [.text(name)])
        let all = info.map { row in
            TableSchema.Column(
                name: row[0].textValue, declaredType: row[1].textValue,
                affinity: ColumnAffinity(declaredType: row[1].textValue, strict: strict),
                primaryKeyPosition: Int(row[4].integerValue ?? 0),
                isGenerated: row[5] == .integer(2) || row[5] == .integer(3), isHidden: row[5] == .integer(1))
        }
        let schema = TableSchema(
            name: name, columns: all, foreignKeys: try foreignKeys(of: name, connection), isStrict: strict,
            indexes: [])
        let primaryKey = schema.primaryKey
        let rowIDName =
            hasRowID && primaryKey.count == 1 && primaryKey[0].declaredType.uppercased() == "INTEGER"
            ? primaryKey[0].name : nil
        var columns: [Column] = []
        for (column, row) in zip(all, info) where !column.isGenerated && !column.isHidden {
            columns.append(
                Column(
                    name: column.name, affinity: column.affinity,
                    refusesNull: row[2] == .integer(1) || column.primaryKeyPosition > 0,
                    defaultSQL: row[3] == .null ? nil : row[3].textValue,
                    isRowID: rowIDName.map { column.name.isSameIdentifier(as: $0) } ?? false))
        }
        return UpgradeTable(schema: schema, columns: columns, hasRowID: hasRowID, sql: sql)
    }

    /// The foreign keys in id order, each with its columns in sequence order.
    private static func foreignKeys(of table: String, _ connection: SQLiteConnection) throws
        -> [TableSchema.ForeignKey]
    {
        var keys: [TableSchema.ForeignKey] = []
        var lastID: Int64?
        for row in try connection.rows(
            sql: "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq",
            [.text(table)])
        {
            if row[0].integerValue != lastID {
                keys.append(TableSchema.ForeignKey(parent: row[1].textValue, columns: [], parentColumns: []))
                lastID = row[0].integerValue
            }
            keys[keys.count - 1].columns.append(row[2].textValue)
            if case .text(let to) = row[3] { keys[keys.count - 1].parentColumns.append(to) }
        }
        return keys
    }

    /// The position of the column named `name` among ``columns``.
    ///
    /// - Returns: the position, or nil when no insertable column has that name.
    func position(of name: String) -> Int? {
        columns.firstIndex { $0.name.isSameIdentifier(as: name) }
    }
}

extension SQLiteValue {
    /// The text, or the value's description for any other storage class (NULL: empty).
    fileprivate var textValue: String {
        switch self {
        case .text(let text): text
        case .null: ""
        default: description
        }
    }
}
