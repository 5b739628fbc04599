import Kiln

extension SeedLoader {
    /// The number of the file's rows when its table already holds every one of them exactly as the file
    /// has them (each header column `IS` the bound value, compared byte for byte whatever the column's
    /// collation); nil at the first row it lacks. An insert-mode load skips such a table instead of failing
    /// on its first key, so loading the same seeds again (after a run whose commit reached the file but whose
    /// last sync failed, say) changes nothing and succeeds. A table without a primary key must also hold at
    /// least as many rows as the file, since there a row cannot be told from its copy.
    ///
    /// The search stops at the first row the table lacks: for a load of new rows this costs one lookup.
    ///
    /// - Returns: the count of the file's rows, or nil.
    func rowsAlreadyHeld(_ planned: PlannedFile, connection: SQLiteConnection) throws -> Int? {
        guard !planned.columns.isEmpty else { return nil }
        let table = quoted(planned.table.name)
        let conditions = planned.columns.enumerated().map { position, column in
            let name = quoted(column.name)
            let exact = "\(name) IS ?\(position + 1) COLLATE BINARY"
            // The key's own comparison lets SQLite find the row through the key's index.
            return column.primaryKeyPosition > 0 ? "\(name) = ?\(position + 1) AND \(exact)" : exact
        }
        let lookup = try connection.prepare(
            sql: "SELECT 1 FROM main.\(table) WHERE \(conditions.joined(separator: " AND ")) LIMIT 1")
        var reader = try planned.openRows()
        var rows = 0
        while try reader.next() {
            let fields = reader.fields
            for position in 0..<fields.count {
                try SeedValue.bind(
                    reader, fields[position], as: planned.columns[position].affinity, to: lookup, at: position + 1)
            }
            guard try lookup.step() else { return nil }
            try lookup.resetKeepingBindings()
            rows += 1
        }
        if planned.table.primaryKey.isEmpty, try connection.integer(sql: "SELECT count(*) FROM main.\(table)") < rows {
            return nil
        }
        return rows
    }
}

extension SeedLoader {
    /// What the database of `connection` holds after a load whose commit failed, read from the file by a
    /// connection of its own: every row of every file (the commit reached it), the row counts of before the
    /// load (it did not), or neither.
    ///
    /// - Parameters:
    ///   - connection: a connection of its own to the file.
    ///   - countsBefore: each table's row count before the load, by table name.
    /// - Returns: ``SeedError/SeedFileState/holdsTheSeeds(rows:tables:)``, ``SeedError/SeedFileState/asItWas``
    ///   or ``SeedError/SeedFileState/unknown``.
    package func readBack(from connection: SQLiteConnection, countsBefore: [String: Int64]) -> SeedError.SeedFileState {
        do {
            let plan = try self.plan(
                tables: try TableSchema.readAll(from: connection), maxFieldBytes: connection.maxValueBytes)
            let held = try plan.map { try rowsAlreadyHeld($0, connection: connection) }
            if held.allSatisfy({ $0 != nil }) {
                return .holdsTheSeeds(rows: held.reduce(0) { $0 + ($1 ?? 0) }, tables: plan.count)
            }
            for (table, count) in countsBefore
            where try connection.integer(sql: "SELECT count(*) FROM main.\(quoted(table))") != count {
                return .unknown
            }
            return .asItWas
        } catch {
            return .unknown
        }
    }
}
