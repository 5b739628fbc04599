import Kiln

extension SeedLoader {
    /// The primary keys an upsert or sync load has read, in a temporary table whose own primary key refuses
    /// a key the file already gave, and which sync mode keeps rows by.
    struct SeenKeys {
        /// Inserts one key into the temporary table.
        let statement: SQLiteStatement
        /// The CSV field of each primary key column, in key order.
        let keyFields: [Int]

        /// Creates the temporary table for table number `index` of the load.
        init(_ planned: PlannedFile, index: Int, connection: SQLiteConnection) throws {
            let key = planned.table.primaryKey
            keyFields = key.compactMap { column in
                planned.columns.firstIndex { $0.name.identifierKey == column.name.identifierKey }
            }
            let seenTable = "temp." + quoted(SeedLoader.seenTableName(index))
            // Same affinity and collation as the real key, so keys the table treats as equal collide here too.
            let keyColumns = try key.enumerated().map { position, column in
                let collation = try connection.collation(table: planned.table.name, column: column.name)
                return "k\(position) \(column.affinity.storageTypeName) COLLATE \(quoted(collation))"
            }
            let keyList = key.indices.map { "k\($0)" }.joined(separator: ", ")
            try connection.execute(
                sql: "CREATE TABLE \(seenTable) (\(keyColumns.joined(separator: ", ")), PRIMARY KEY (\(keyList)))"
                    + " WITHOUT ROWID")
            let placeholders = Array(repeating: "?", count: key.count).joined(separator: ", ")
            statement = try connection.prepare(sql: "INSERT INTO \(seenTable) VALUES (\(placeholders))")
        }

        /// Records the current record's key.
        ///
        /// - Throws: ``SeedError`` when the file gave the key before, or it is empty.
        func record(_ reader: borrowing CSVReader, planned: PlannedFile) throws {
            for (position, field) in keyFields.enumerated() {
                try SeedValue.bind(
                    reader, reader.fields[field], as: planned.columns[field].affinity, to: statement,
                    at: position + 1)
            }
            do {
                try statement.run()
            } catch is SQLiteError {
                throw SeedFailureExplainer.duplicateKey(planned: planned, keyFields: keyFields, reader: reader)
            }
            try statement.resetKeepingBindings()
        }
    }
}
