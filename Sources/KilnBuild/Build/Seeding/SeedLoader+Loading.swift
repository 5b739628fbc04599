import Kiln

extension SeedLoader {
    /// Loads one planned file into its table, which held `countBefore` rows; in insert mode, a table that
    /// already holds every row of the file is left as it is (``rowsAlreadyHeld(_:connection:)``).
    ///
    /// - Returns: what happened to the table.
    func loadTable(
        _ planned: PlannedFile, index: Int, countBefore: Int64, connection: SQLiteConnection,
        tracker: inout ProgressTracker
    ) throws -> SeedTableReport {
        let table = quoted(planned.table.name)
        if mode == .insert, countBefore > 0, let rows = try rowsAlreadyHeld(planned, connection: connection) {
            return SeedTableReport(
                table: planned.table.name, file: planned.file.displayPath, rows: rows, inserted: 0, updated: 0,
                deleted: 0, alreadyHeld: true)
        }
        // Build the indexes after the rows when the table starts empty.
        let deferredIndexes = countBefore == 0 ? planned.table.indexes : []
        for index in deferredIndexes { try connection.execute(sql: "DROP INDEX main.\(quoted(index.name))") }
        let keys = mode == .insert ? nil : try SeenKeys(planned, index: index, connection: connection)
        let insert = try connection.prepare(sql: insertSQL(planned))
        let (rows, changed) = try insertRows(
            planned, with: insert, keys: keys, connection: connection, tracker: &tracker)
        if !deferredIndexes.isEmpty { tracker.indexing(planned.table.name) }
        try rebuild(deferredIndexes, of: planned, connection: connection)
        let inserted = Int(try connection.integer(sql: "SELECT count(*) FROM main.\(table)") - countBefore)
        return SeedTableReport(
            table: planned.table.name, file: planned.file.displayPath, rows: rows, inserted: inserted,
            updated: mode == .insert ? 0 : changed - inserted, deleted: 0)
    }

    /// The statement that inserts one row; in upsert and sync modes a row whose key exists updates it.
    private func insertSQL(_ planned: PlannedFile) -> String {
        let columnList = planned.columns.map { quoted($0.name) }.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: planned.columns.count).joined(separator: ", ")
        let sql = "INSERT INTO main.\(quoted(planned.table.name)) (\(columnList)) VALUES (\(placeholders))"
        guard mode != .insert else { return sql }
        let others = planned.columns.filter { $0.primaryKeyPosition == 0 }
        let target = planned.table.primaryKey.map { quoted($0.name) }.joined(separator: ", ")
        guard !others.isEmpty else { return sql + " ON CONFLICT (\(target)) DO NOTHING" }
        // A row whose every value is already there, byte for byte and type for type, is left alone: it is
        // not rewritten, fires no UPDATE trigger and is not counted as updated.
        let differs = others.map { column in
            let (old, new) = (quoted(column.name), "excluded.\(quoted(column.name))")
            return "typeof(\(old)) IS NOT typeof(\(new)) OR \(old) IS NOT \(new) COLLATE BINARY"
        }.joined(separator: " OR ")
        return sql + " ON CONFLICT (\(target)) DO UPDATE SET "
            + others.map { "\(quoted($0.name)) = excluded.\(quoted($0.name))" }.joined(separator: ", ")
            + " WHERE \(differs)"
    }

    /// Reads the file's rows and inserts each one (recording its key first in upsert and sync modes).
    ///
    /// - Returns: the number of rows read, and of rows the statement inserted or changed.
    private func insertRows(
        _ planned: PlannedFile, with insert: SQLiteStatement, keys: SeenKeys?, connection: SQLiteConnection,
        tracker: inout ProgressTracker
    ) throws -> (rows: Int, changed: Int) {
        var reader = try planned.openRows()
        let affinities = planned.columns.map(\.affinity)
        var (rows, changed) = (0, 0)
        var textFields: [Int] = []
        var probe: SeedTypeProbe?
        while try reader.next() {
            if let keys { try keys.record(reader, planned: planned) }
            let fields = reader.fields
            for position in 0..<fields.count {
                let asText = try SeedValue.bind(
                    reader, fields[position], as: affinities[position], to: insert, at: position + 1)
                if asText, planned.promises[position] != .anyValue { textFields.append(position) }
            }
            do {
                try insert.run()
                changed += connection.changes
            } catch let error as SQLiteError where !error.code.isFileOrSystemFault {
                // A fault of the file is no row's: it goes up as it is, to be said of the database.
                throw SeedFailureExplainer.rowFailure(error, planned: planned, reader: reader)
            }
            if !textFields.isEmpty {
                try checkPromises(of: textFields, in: planned, reader: reader, probe: &probe, connection: connection)
                textFields.removeAll(keepingCapacity: true)
            }
            try insert.resetKeepingBindings()
            rows += 1
            tracker.row(table: planned.table.name, bytesSoFar: reader.bytesConsumed)
        }
        tracker.bytes += reader.bytesRead
        return (rows, changed)
    }

    /// Re-creates the indexes dropped before the rows went in, with the sorter's cache and threads, then
    /// goes back to the loading cache for the next table (after a failure, `load` restores the caller's).
    private func rebuild(
        _ indexes: [(name: String, sql: String)], of planned: PlannedFile, connection: SQLiteConnection
    ) throws {
        guard !indexes.isEmpty else { return }
        try connection.execute(sql: "PRAGMA cache_size = -\(sortCacheKiB); PRAGMA threads = \(sortThreads)")
        for index in indexes {
            do {
                try connection.execute(sql: index.sql)
            } catch let error as SQLiteError where !error.code.isFileOrSystemFault {
                throw SeedFailureExplainer.indexFailure(error, index: index.name, planned: planned)
            }
        }
        try connection.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
    }

    /// Deletes the rows of a table whose primary key is not in its CSV (sync mode).
    ///
    /// - Returns: the number of rows deleted.
    func deleteMissing(_ planned: PlannedFile, index: Int, connection: SQLiteConnection) throws -> Int {
        let table = quoted(planned.table.name)
        let match = planned.table.primaryKey.enumerated().map {
            "s.k\($0.offset) = main.\(table).\(quoted($0.element.name))"
        }.joined(separator: " AND ")
        try connection.execute(
            sql: "DELETE FROM main.\(table) WHERE NOT EXISTS "
                + "(SELECT 1 FROM temp.\(quoted(Self.seenTableName(index))) AS s WHERE \(match))")
        return connection.changes
    }
}
