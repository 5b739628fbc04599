import Kiln

/// The second pass for foreign-key cycles: a table filled before its parent had rows got NULL in that key;
/// once every table is filled, its valid rows are pointed at existing parent rows (each UPDATE judged by
/// SQLite in a savepoint; one it rejects leaves the NULL).
enum CycleRepair {
    /// Points the deferred foreign keys of `filler`'s rows `rowIDs` at parent rows.
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read or the transaction was lost.
    static func repair(
        _ filler: TableFiller, rowIDs: [Int64], tables: [SQLIdentifierKey: TableSchema],
        connection: SQLiteConnection
    ) throws {
        guard filler.table.hasRowID, !rowIDs.isEmpty else { return }
        for index in filler.deferredSlots {
            guard let key = filler.slots[index].foreignKey,
                let sql = ValueSlot.parentKeySQL(of: key, tables: tables),
                case let keys = try connection.rows(sql: sql),
                !keys.isEmpty
            else { continue }
            let columns = filler.slots[index].positions.map { quoted(filler.table.columns[$0].name) }
            let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
            let update = try connection.prepare(
                sql: "UPDATE main.\(quoted(filler.table.name)) SET \(assignments) WHERE rowid = ?")
            let savepoint = try SQLiteSavepoint("kiln_upgrade_cycle", on: connection)
            for (offset, rowID) in rowIDs.enumerated() {
                let parent = keys[offset % keys.count]
                do {
                    try savepoint.run {
                        _ = try? update.reset()
                        try update.bind(parent + [.integer(rowID)])
                        try update.run()
                    }
                } catch let error as SQLiteError where !connection.isAutocommit {
                    _ = error  // SQLite refused this parent: the row keeps its NULL, which it accepted.
                }
            }
        }
    }
}
