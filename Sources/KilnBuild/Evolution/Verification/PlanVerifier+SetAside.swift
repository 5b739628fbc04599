import Kiln

extension PlanVerifier {
    /// How many times a data set may be cleaned of rows the plan cannot carry before kiln gives up.
    static let maximumSetAsideRounds = 12

    /// Proves the plan on `connection`'s data: runs it on a copy; when rows break the wanted schema's
    /// constraints, sets them (and the rows that refer to them) aside from `connection` and tries again.
    ///
    /// - Returns: the rows compared per wanted table, and the rows set aside.
    /// - Throws: ``PlanVerificationError`` when the plan fails for another reason, or rows cannot be found.
    func prove(
        _ plan: SchemaPlan, _ planned: Migrator, text: String, on connection: SQLiteConnection, dataSet: String
    ) throws -> (compared: [String: Int], setAside: [SetAsideRows]) {
        var setAside: [SetAsideRows] = []
        var round = 0
        while true {
            let copy = try migrator.preparedCopy(of: connection)
            do {
                return (try run(plan, planned, on: copy, dataSet: dataSet), SetAsideRows.merged(setAside))
            } catch let error as PlanVerificationError where Self.isConstraintFailure(error) {
                round += 1
                guard round <= Self.maximumSetAsideRounds,
                    case .migrationFailed(_, let failure) = error.reason,
                    let rows = try rowsNotCarried(failure, plan: plan, text: text, in: connection), !rows.isEmpty,
                    let removed = try Self.remove(rows, from: connection, dataSet: dataSet)
                else { throw error }
                setAside += removed
            }
        }
    }

    /// Whether the planned migration failed because of rows the old schema allowed: a row breaks a new
    /// constraint (`CHECK`, `NOT NULL`, `UNIQUE`, a foreign key), or a guarded copy stops at its value.
    static func isConstraintFailure(_ error: PlanVerificationError) -> Bool {
        guard case .migrationFailed(_, let failure) = error.reason else { return false }
        switch failure.reason {
        case .statementFailed(_, let sqlite):
            return sqlite.code.matches(.constraint) || ConversionGuard.isFailure(sqlite.message)
        case .foreignKeyViolation: return true
        default: return false
        }
    }

    /// The rows of `connection` that made the plan fail with `failure`: those `foreign_key_check` names after
    /// it (the plan keeps rowids), or those the failing statement refuses, tried one at a time.
    ///
    /// - Returns: the rows, or nil when they cannot be named.
    private func rowsNotCarried(
        _ failure: MigrationError, plan: SchemaPlan, text: String, in connection: SQLiteConnection
    ) throws -> [RowKey]? {
        switch failure.reason {
        case .foreignKeyViolation(_, let violations):
            let tables = try Set(Self.tableNames(in: connection))
            let renumbered = Set(plan.steps.filter { !$0.keepsRowIDs }.map(\.name.identifierKey))
            var keys: [RowKey] = []
            // The plan keeps rowids (but where a step says it renumbers them), so a row after it is the row before.
            for violation in violations {
                guard case .integer = violation.rowid, !renumbered.contains(violation.table.identifierKey),
                    let table = Self.currentName(of: violation.table, plan: plan, tables: tables)
                else { return nil }
                keys.append(
                    RowKey(
                        table: table, values: [violation.rowid], isRowID: true,
                        reason: "their foreign key matches no row of \(violation.parent)"))
            }
            return keys
        case .statementFailed:
            guard let location = failure.location, let index = PlannedStatements(text).index(at: location) else {
                return nil
            }
            let probe = try FailingStatementProbe(
                statements: PlannedStatements(text).statements, failing: index, migrator: migrator, copyOf: connection)
            let tables = try Set(Self.tableNames(in: connection))
            return try probe.rowsRefused().compactMap { key in
                Self.currentName(of: key.table, plan: plan, tables: tables).map {
                    RowKey(table: $0, values: key.values, isRowID: key.isRowID, reason: key.reason)
                }
            }
        default: return nil
        }
    }

    /// The name the data set gives `table` (named as after some steps of the plan): itself when the data set
    /// has it, else the current table a kept column maps to it.
    static func currentName(of table: String, plan: SchemaPlan, tables: Set<SQLIdentifierKey>) -> String? {
        if tables.contains(table.identifierKey) { return table }
        return plan.keptColumns.first { $0.table.identifierKey == table.identifierKey }?.sourceTable
    }

    /// The names of the tables of `connection`'s main schema.
    static func tableNames(in connection: SQLiteConnection) throws -> [SQLIdentifierKey] {
        try connection.rows(sql: "SELECT name FROM main.sqlite_schema WHERE type = 'table'").map {
            "\($0[0])".identifierKey
        }
    }

    /// Deletes `rows` from `connection`, then every row that refers to a deleted one (by `foreign_key_check`,
    /// repeated), with foreign keys off.
    ///
    /// - Returns: what was set aside, or nil when a dangling row has no rowid to delete it by.
    static func remove(_ rows: [RowKey], from connection: SQLiteConnection, dataSet: String) throws -> [SetAsideRows]? {
        try connection.setForeignKeys(false)
        var removed: [SetAsideRows] = []
        var pending = rows
        for _ in 0..<50 where !pending.isEmpty {
            for row in pending {
                let condition = try keyCondition(row, connection)
                _ = try connection.rows(sql: "DELETE FROM main.\(quoted(row.table)) WHERE \(condition)", row.values)
                removed.append(SetAsideRows(dataSet: dataSet, table: row.table, count: 1, reason: row.reason))
            }
            pending = []
            for violation in try ForeignKeyViolation.all(in: connection) {
                guard case .integer = violation.rowid else { return nil }
                pending.append(
                    RowKey(
                        table: violation.table, values: [violation.rowid], isRowID: true,
                        reason: "they refer to rows of \(violation.parent) set aside"))
            }
        }
        return pending.isEmpty ? removed : nil
    }

    /// `rowid = ?`, or each primary key column `IS ?`, with the values to bind.
    private static func keyCondition(_ row: RowKey, _ connection: SQLiteConnection) throws -> String {
        let columns = row.isRowID ? ["rowid"] : try primaryKey(of: row.table, connection)
        let parts = columns.prefix(row.values.count).map { "\($0 == "rowid" ? $0 : quoted($0)) IS ?" }
        return parts.isEmpty ? "0" : parts.joined(separator: " AND ")
    }

    /// The primary key's columns of `table`, in key order.
    static func primaryKey(of table: String, _ connection: SQLiteConnection) throws -> [String] {
        try connection.rows(
            sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(table)]
        ).map { "\($0[0])" }
    }
}
