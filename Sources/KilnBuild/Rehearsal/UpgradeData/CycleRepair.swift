import Kiln

/// The second pass for foreign-key cycles: a table filled before its parent had rows got NULL in that key;
/// once every table is filled, its valid rows are pointed at existing parent rows (each UPDATE judged by
/// SQLite in a savepoint; one it rejects leaves the NULL).
///
/// A cycle over NOT NULL keys cannot wait with NULL: such a table's rows go in with foreign keys deferred
/// (``deferringKeys(of:on:_:)``), pointing at keys of the kind the parent has, and are repaired the same way;
/// a row the repair could not point at a parent is deleted before the transaction commits
/// (``removeDangling(_:on:)``), so the deferred check at COMMIT finds nothing.
enum CycleRepair {
    /// Runs `fill` with `PRAGMA defer_foreign_keys` on when `filler` needs it (a NOT NULL key in a cycle), and
    /// off again after: the other tables' rows stay judged at once.
    ///
    /// - Throws: what `fill` throws, or ``SQLiteError``.
    /// - Returns: what `fill` returns.
    static func deferringKeys<T>(of filler: TableFiller, on connection: SQLiteConnection, _ fill: () throws -> T)
        throws -> T
    {
        guard filler.needsDeferredKeys else { return try fill() }
        try connection.execute(sql: "PRAGMA defer_foreign_keys = ON")
        defer { try? connection.execute(sql: "PRAGMA defer_foreign_keys = OFF") }
        return try fill()
    }

    /// The rowids of `filler`'s rows whose foreign keys point nowhere.
    ///
    /// - Throws: ``SQLiteError``.
    static func dangling(_ filler: TableFiller, on connection: SQLiteConnection) throws -> [Int64] {
        try connection.rows(sql: "PRAGMA main.foreign_key_check(\(SQLText.literal(filler.table.name)))").compactMap {
            if case .integer(let rowID) = $0[1] { return rowID }
            return nil
        }
    }

    /// Deletes the rows of the fillers that needed deferred keys whose foreign keys still point nowhere (and,
    /// in rounds, the rows that pointed at them).
    ///
    /// - Throws: ``SQLiteError``.
    static func removeDangling(_ fillers: [TableFiller], on connection: SQLiteConnection) throws {
        let cyclic = fillers.filter { $0.needsDeferredKeys && $0.table.hasRowID }
        guard !cyclic.isEmpty else { return }
        // Deferred, so that deleting a row others point at leaves them for the next round instead of failing.
        try connection.execute(sql: "PRAGMA defer_foreign_keys = ON")
        defer { try? connection.execute(sql: "PRAGMA defer_foreign_keys = OFF") }
        for _ in 0..<4 {
            var removed = false
            for filler in fillers where filler.table.hasRowID {
                for rowID in try dangling(filler, on: connection) {
                    try connection.execute(sql: "DELETE FROM main.\(quoted(filler.table.name)) WHERE rowid = \(rowID)")
                    removed = true
                }
            }
            if !removed { return }
        }
    }

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
