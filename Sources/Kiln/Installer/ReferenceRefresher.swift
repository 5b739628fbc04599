/// Makes reference tables of the copy equal to the bundled file's. Only the named tables are written, and
/// only when their rows differ from the bundle's exactly: same storage classes, same bytes (a collation such
/// as NOCASE never hides a change).
///
/// The bundled rows are read through a separate read-only connection, not an ATTACH: an attached database
/// would be visible to the migrations that run in the same transaction, and unqualified names in them (as in
/// `DROP VIEW IF EXISTS v`) could resolve to the read-only bundle.
struct ReferenceRefresher {
    /// The tables to refresh.
    let tables: [String]
    /// The bundled file.
    let bundledPath: String
    /// Runs on the bundled file's connection before its rows are read (``DatabaseInstaller/prepareConnection``).
    var prepare: ((SQLiteConnection) throws -> Void)? = nil

    /// Refreshes every table inside the caller's open transaction (with foreign keys off).
    ///
    /// - Returns: the tables whose rows changed.
    /// - Throws: ``InstallFailure`` when a table is missing on either side or is no table whose rows may be
    ///   replaced (SQLite's own, a view, a virtual table), or when the refresh would leave user rows pointing
    ///   at reference rows that no longer exist (rows that already did before are not counted).
    func refresh(_ connection: SQLiteConnection) throws -> [String] {
        guard !tables.isEmpty else { return [] }
        do {
            let bundled = try SQLiteConnection(path: BundledFile.uri(bundledPath), mode: .readOnly)
            try prepare?(bundled)
            return try tables.filter { try refresh($0, in: connection, from: bundled) }
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .refresh))
        }
    }

    /// Checks, before the install writes anything, that every name is a table of the bundled file whose rows
    /// may be replaced, so a request that cannot be done is refused whatever the install then does (a first
    /// copy refreshes nothing and would otherwise accept any name).
    ///
    /// - Throws: ``InstallFailure`` for a missing table or one that is SQLite's own, a view or a virtual table.
    func validate() throws {
        guard !tables.isEmpty else { return }
        do {
            let bundled = try SQLiteConnection(path: BundledFile.uri(bundledPath), mode: .readOnly)
            try prepare?(bundled)
            for table in tables {
                if let kind = try RefreshedObjectKind.of(table, in: bundled) {
                    throw InstallFailure(.refreshNotATable(table, kind: kind))
                }
                guard try !columns(of: table, in: bundled).isEmpty else {
                    throw InstallFailure(.refreshTableMissing(table))
                }
            }
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .refresh))
        }
    }

    /// Makes one table of the copy equal to the bundle's; returns whether its rows changed.
    private func refresh(_ table: String, in connection: SQLiteConnection, from bundled: SQLiteConnection) throws
        -> Bool
    {
        if let kind = try RefreshedObjectKind.of(table, in: bundled) ?? RefreshedObjectKind.of(table, in: connection) {
            throw InstallFailure(.refreshNotATable(table, kind: kind))
        }
        let mainColumns = try columns(of: table, in: connection)
        let bundledColumns = Set(try columns(of: table, in: bundled))
        let shared = mainColumns.filter { bundledColumns.contains($0) }
        guard !mainColumns.isEmpty, !bundledColumns.isEmpty, !shared.isEmpty else {
            throw InstallFailure(.refreshTableMissing(table))
        }
        let columnList = shared.map(quoted).joined(separator: ", ")
        let select = "SELECT \(columnList) FROM main.\(quoted(table))"
        let wanted = try bundled.rows(sql: select)
        guard try Self.multiset(connection.rows(sql: select)) != Self.multiset(wanted) else { return false }
        let orphansBefore = try orphans(referencing: table, in: connection)
        try connection.execute(sql: "DELETE FROM main.\(quoted(table))")
        let placeholders = Array(repeating: "?", count: shared.count).joined(separator: ", ")
        let insert = try connection.prepare(
            sql: "INSERT INTO main.\(quoted(table)) (\(columnList)) VALUES (\(placeholders))")
        for row in wanted {
            try insert.reset()
            try insert.bind(row)
            try insert.run()
        }
        let newOrphans = try orphans(referencing: table, in: connection).subtracting(orphansBefore)
        if let orphan = newOrphans.min(by: { Self.orphanName($0) < Self.orphanName($1) }) {
            throw InstallFailure(.refreshBreaksForeignKeys(table: table, orphan: orphan))
        }
        return true
    }

    /// Refreshes in a transaction of its own, with foreign keys off while rows are replaced (so no cascade
    /// touches user rows) and checked before the commit.
    func refreshInOwnTransaction(_ connection: SQLiteConnection) throws -> [String] {
        guard !tables.isEmpty else { return [] }
        do {
            let foreignKeys = try connection.integer(sql: "PRAGMA foreign_keys") == 1
            if foreignKeys { try connection.setForeignKeys(false) }
            defer {
                if foreignKeys {
                    do { try connection.setForeignKeys(true) } catch {
                        // The setting belongs to this connection only, which the installer closes next.
                    }
                }
            }
            return try connection.transaction(.immediate) { try refresh(connection) }
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .refresh))
        }
    }

    // MARK: - Helpers

    /// The columns of `table` an INSERT may name (none when there is no such table), from the schema model.
    private func columns(of table: String, in connection: SQLiteConnection) throws -> [String] {
        try SchemaModel.Table.read(named: table, from: connection)?.insertableColumns.map(\.name) ?? []
    }

    /// Rows as exact byte strings (storage class tag, then bytes), counted, so two tables compare equal only
    /// when they hold the same rows byte for byte, in any order.
    private static func multiset(_ rows: [[SQLiteValue]]) -> [[UInt8]: Int] {
        var counts: [[UInt8]: Int] = [:]
        for row in rows {
            var key: [UInt8] = []
            for value in row { value.appendCanonicalBytes(to: &key) }
            counts[key, default: 0] += 1
        }
        return counts
    }

    /// The rows whose foreign keys point at a missing row of `parent`.
    private func orphans(referencing parent: String, in connection: SQLiteConnection) throws
        -> Set<ForeignKeyViolation>
    {
        Set(try ForeignKeyViolation.all(in: connection).filter { $0.parent.isSameIdentifier(as: parent) })
    }

    /// `table t rowid n`: how orphans are ordered, so the one reported is the first by that name.
    private static func orphanName(_ orphan: ForeignKeyViolation) -> String {
        "table \(orphan.table) rowid \(orphan.rowid)"
    }
}
