import Kiln

extension SeedLoader {
    /// Refuses the first of `positions` (fields of the current record bound as text) whose column would store
    /// its value as another type than it promises, asking SQLite through `probe` (made on first use).
    ///
    /// The row went in already; the error rolls the whole load back, as every row error does.
    ///
    /// - Throws: ``SeedError`` at the field, naming the column, its type and the type SQLite would store.
    func checkPromises(
        of positions: [Int], in planned: PlannedFile, reader: borrowing CSVReader, probe: inout SeedTypeProbe?,
        connection: SQLiteConnection
    ) throws {
        let asker = try probe ?? SeedTypeProbe(connection: connection)
        probe = asker
        for position in positions {
            let promise = planned.promises[position]
            let field = reader.fields[position]
            let stored = try reader.withBytes(of: field) { try asker.storedType(of: $0, for: promise) }
            guard !promise.isKept(byStoredType: stored) else { continue }
            let column = planned.columns[position]
            throw SeedError(
                .valueNotOfColumnType(
                    table: planned.table.name, column: column.name, declaredType: column.declaredType,
                    value: SeedFailureExplainer.describe(reader, fields: [position]), wanted: promise.wanted,
                    stored: stored),
                at: reader.location(of: field))
        }
    }
}
