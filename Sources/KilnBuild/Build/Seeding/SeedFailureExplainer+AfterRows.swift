import Kiln

extension SeedFailureExplainer {
    /// Re-creating a unique index after the rows went in found duplicates: finds the first value the file
    /// gives twice.
    ///
    /// - Returns: the error to throw: a ``SeedError``, or the ``CSVError`` met while reading the file again.
    static func indexFailure(_ error: SQLiteError, index: String, planned: SeedLoader.PlannedFile) -> Error {
        let named = columnsNamed(in: error.message, table: planned.table)
        let fields = named.compactMap { planned.fieldIndex(ofColumn: $0) }
        let failed = SeedError(
            .indexFailed(error, index: index), at: SourceLocation(path: planned.file.displayPath, line: 1, column: 1))
        guard !fields.isEmpty, fields.count == named.count, isUniqueFailure(error) else { return failed }
        do {
            var reader = try planned.openRows()
            var firstLine: [[SQLiteValue]: Int] = [:]
            while try reader.next() {
                let key = fields.map { value(reader, field: $0, planned: planned) }
                if key.contains(.null) { continue }  // NULLs never collide in a unique index
                if let line = firstLine[key] {
                    return SeedError(
                        .duplicateInUniqueIndex(
                            error, index: index, value: describe(reader, fields: fields), firstLine: line),
                        at: reader.location(of: reader.fields[fields[0]]))
                }
                firstLine[key] = reader.recordLine
            }
        } catch {
            return error
        }
        return failed
    }

    /// Runs `PRAGMA foreign_key_check` and explains the first violation at the CSV record that caused it.
    ///
    /// - Throws: ``SeedError`` for the first violation; ``CSVError`` or ``SQLiteError`` while looking for it.
    static func checkForeignKeys(plan: [SeedLoader.PlannedFile], mode: SeedMode, connection: SQLiteConnection) throws {
        let violations = try connection.rows(sql: "PRAGMA main.foreign_key_check")
        guard let first = violations.first, case .text(let child) = first[0], case .text(let parent) = first[2] else {
            return
        }
        let others = violations.count - 1
        let keyIndex = Int(first[3].integerValue ?? 0)
        if let planned = plan.first(where: { $0.table.name.isSameIdentifier(as: child) }),
            keyIndex < planned.table.foreignKeys.count,
            let orphan = try locateOrphan(
                planned: planned, key: planned.table.foreignKeys[keyIndex], connection: connection, others: others)
        {
            throw orphan
        }
        let parentFile = plan.first { $0.table.name.isSameIdentifier(as: parent) }
        throw SeedError(
            .foreignKeyViolation(table: child, rowid: first[1], parent: parent, otherViolations: others, mode: mode),
            at: parentFile.map { SourceLocation(path: $0.file.displayPath, line: 1, column: 1) })
    }

    /// Finds the CSV record whose foreign key has no parent row.
    ///
    /// - Returns: the error at that record, or nil when the key cannot be traced to the file.
    private static func locateOrphan(
        planned: SeedLoader.PlannedFile, key: TableSchema.ForeignKey, connection: SQLiteConnection, others: Int
    ) throws -> SeedError? {
        let fields = key.columns.compactMap { planned.fieldIndex(ofColumn: $0) }
        guard fields.count == key.columns.count else { return nil }
        let parentColumns = try self.parentColumns(of: key, connection: connection)
        guard parentColumns.count == fields.count else { return nil }
        let condition = parentColumns.map { "\(quoted($0)) = ?" }.joined(separator: " AND ")
        let probe = try connection.prepare(sql: "SELECT 1 FROM main.\(quoted(key.parent)) WHERE \(condition)")
        var reader = try planned.openRows()
        while try reader.next() {
            let values = fields.map { value(reader, field: $0, planned: planned) }
            if values.contains(.null) { continue }
            try probe.reset()
            try probe.bind(values)
            if try !probe.step() {
                return SeedError(
                    .foreignKeyOrphan(
                        table: planned.table.name, columns: key.columns, parent: key.parent,
                        value: describe(reader, fields: fields), otherViolations: others),
                    at: reader.location(of: reader.fields[fields[0]]))
            }
        }
        return nil
    }

    /// The parent columns a foreign key references: its own list, or the parent's primary key.
    private static func parentColumns(of key: TableSchema.ForeignKey, connection: SQLiteConnection) throws
        -> [String]
    {
        if key.parentColumns.count == key.columns.count { return key.parentColumns }
        return try TableSchema.readAll(from: connection)[key.parent.identifierKey]?.primaryKey.map(\.name) ?? []
    }
}
