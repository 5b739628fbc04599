import Kiln

/// Rows made up from declared types, for upgrade checks without a fixture: every column gets a value (so NOT
/// NULL holds), values depend only on the row number and the type (so a foreign key to another table's key
/// usually finds its row), and rows a CHECK or UNIQUE constraint rejects are skipped.
enum GeneratedRows {
    /// Inserts rows into every table of `connection`, whose schema is at `version`.
    ///
    /// - Returns: notes for tables that could not be populated.
    static func insert(into connection: SQLiteConnection, version: Int32, rowsPerTable: Int = 3) throws
        -> [CheckFinding]
    {
        let tables = try TableSchema.readAll(from: connection).values.sorted { $0.name < $1.name }
        try connection.transaction {
            for table in TableSchema.parentsFirst(tables, table: { $0 }) {
                let columns = table.columns.filter { !$0.isGenerated && !$0.isHidden }
                guard !columns.isEmpty else { continue }
                let list = columns.map { quoted($0.name) }.joined(separator: ", ")
                let statement = try connection.prepare(
                    sql:
                        "INSERT OR IGNORE INTO main.\(quoted(table.name)) (\(list)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
                )
                for row in 1...rowsPerTable {
                    try statement.reset()
                    try statement.bind(columns.map { value(for: $0.affinity, row: row) })
                    try statement.run()
                }
            }
        }
        return []
    }

    static func value(for affinity: ColumnAffinity, row: Int) -> SQLiteValue {
        switch affinity {
        case .integer, .numeric: .integer(Int64(row))
        case .real: .real(Double(row) + 0.5)
        case .blob: .blob([UInt8(truncatingIfNeeded: row)])
        case .text, .none, .any: .text("row \(row)")
        }
    }
}
