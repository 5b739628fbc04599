import Kiln

/// Rows made up for upgrade checks without a fixture, which the schema at their version accepts: SQLite
/// judges each candidate row (with foreign keys enforced), candidates come from the schema (CHECK literals,
/// patterns and lengths, JSON, dates, DEFAULT literals, declared types, existing parent rows), and after the
/// valid rows come rows that find real upgrade bugs (``EdgeRow``). Calls accumulate on one database, one per
/// version, like a device that kept using the app: values derive from the version, so they never collide
/// with earlier rows by design, and the same schema, version and rows always give the same new rows.
enum GeneratedRows {
    /// Serial numbers of one version's rows start at `version * serialsPerVersion`.
    static let serialsPerVersion: Int64 = 1000

    /// Inserts rows into every table of `connection`, whose schema is at `version`.
    ///
    /// - Parameters:
    ///   - connection: the database, outside any transaction (so that `PRAGMA foreign_keys` takes effect).
    ///   - version: the schema version of the database, from which the rows' values derive.
    ///   - rowsPerTable: valid rows tried per table, before the ``EdgeRow`` ones.
    ///   - edges: the ``EdgeRow`` kinds inserted after them (``EdgeRow/ordinary`` for ordinary data only).
    ///   - only: the tables to fill (the others keep their rows and serve as parents); nil for all.
    ///   - uses: what the whole history says the columns hold (``ColumnUses``); none by default.
    ///   - cache: the run's schema-text cache, shared by its calls (a chain repeats the same statements); a
    ///     new one for a single call.
    /// - Returns: a note for each table left without rows, with SQLite's reason for the last candidate.
    /// - Throws: ``SQLiteError`` when the schema cannot be read or SQLite ends the transaction by itself.
    static func insert(
        into connection: SQLiteConnection, version: Int32, rowsPerTable: Int = 3, edges: [EdgeRow] = EdgeRow.allCases,
        only: Set<SQLIdentifierKey>? = nil, uses: ColumnUses = ColumnUses(),
        cache: SchemaTextCache = SchemaTextCache()
    ) throws -> [CheckFinding] {
        let tables = try UpgradeTable.readAll(from: connection, cache: cache)
        let schemas = Dictionary(
            tables.map { ($0.name.identifierKey, $0.schema) }, uniquingKeysWith: { first, _ in first })
        var uses = uses
        uses.json.formUnion(try JSONColumnUse.read(from: connection, cache: cache))
        let foreignKeysWereOn = try connection.integer(sql: "PRAGMA foreign_keys") == 1
        if !foreignKeysWereOn { try connection.setForeignKeys(true) }
        defer { if !foreignKeysWereOn { try? connection.setForeignKeys(false) } }
        return try connection.transaction {
            let savepoint = try SQLiteSavepoint("kiln_upgrade_row", on: connection)
            var filled: [(filler: TableFiller, rowIDs: [Int64])] = []
            var notes: [CheckFinding] = []
            for table in TableFillOrder.ordered(tables)
            where !table.columns.isEmpty && only.map({ $0.contains(table.name.identifierKey) }) ?? true {
                do {
                    let filler = try TableFiller(
                        table: table, tables: schemas, uses: uses,
                        connection: connection, savepoint: savepoint, cache: cache)
                    let rowIDs = try CycleRepair.deferringKeys(of: filler, on: connection) {
                        try fill(filler, version: version, rows: (rowsPerTable, edges), connection)
                    }
                    filled.append((filler, rowIDs))
                } catch let error as SQLiteError where !connection.isAutocommit {
                    // SQLite refuses even to prepare the INSERT (a foreign key to columns that are not a key of
                    // their table: "foreign key mismatch").
                    notes.append(
                        CheckFinding(.tableNotPopulated(table: table.name, version: version, message: error.message)))
                }
            }
            for (filler, rowIDs) in filled {
                // Rows inserted with deferred keys all need a parent, the unusual ones too.
                let repaired = filler.needsDeferredKeys ? try CycleRepair.dangling(filler, on: connection) : rowIDs
                try CycleRepair.repair(filler, rowIDs: repaired, tables: schemas, connection: connection)
            }
            try CycleRepair.removeDangling(filled.map(\.filler), on: connection)
            for (filler, _) in filled
            where try connection.rows(sql: "SELECT 1 FROM main.\(quoted(filler.table.name)) LIMIT 1").isEmpty {
                let message = filler.lastMessage ?? "no candidate row was accepted"
                notes.append(
                    CheckFinding(.tableNotPopulated(table: filler.table.name, version: version, message: message)))
            }
            return notes
        }
    }

    /// Inserts `rows.valid` valid rows, then one of each of `rows.edges`.
    ///
    /// - Returns: the rowids of the valid rows (none for a `WITHOUT ROWID` table).
    private static func fill(
        _ filler: TableFiller, version: Int32, rows: (valid: Int, edges: [EdgeRow]), _ connection: SQLiteConnection
    ) throws -> [Int64] {
        let rowsPerTable = rows.valid
        var serial = Int64(version) * serialsPerVersion
        var rowIDs: [Int64] = []
        var failuresInARow = 0
        // A row refused for uniqueness after every candidate (the table is full), or two refused rows in a row,
        // end the table's rows for this version.
        for _ in 0..<max(0, rowsPerTable) where failuresInARow < 2 && !filler.isFull {
            serial += 1
            guard try filler.insertRow(serial: serial) else {
                failuresInARow += 1
                continue
            }
            failuresInARow = 0
            if filler.table.hasRowID { rowIDs.append(connection.lastInsertRowID) }
        }
        let firstRow = try connection.rows(sql: filler.table.firstRowSQL).first
        for kind in rows.edges where failuresInARow < 2 && !filler.isFull {
            let preferences = kind.preferences(for: filler, firstRow: firstRow, serial: serial + 1)
            guard !preferences.isEmpty else { continue }
            serial += 1
            let inserted = try filler.insertRow(serial: serial, preferences: preferences)
            failuresInARow = inserted ? 0 : failuresInARow + 1
        }
        return rowIDs
    }
}
