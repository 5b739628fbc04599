import Kiln

extension PlanVerifier {
    /// Whether the planned migration failed because of rows the old schema allowed: a row breaks a new
    /// constraint (`CHECK`, `NOT NULL`, `UNIQUE`), or rows left out by a step that removes rows leave their
    /// children dangling (`PRAGMA foreign_key_check`).
    static func isConstraintFailure(_ error: PlanVerificationError) -> Bool {
        guard case .migrationFailed(_, let failure) = error.reason else { return false }
        switch failure.reason {
        case .statementFailed(_, let sqlite): return sqlite.code.matches(.constraint)
        case .foreignKeyViolation: return true
        default: return false
        }
    }

    /// The current tables a data-losing step (or one that removes rows) rebuilds, with every table that refers
    /// to them by foreign key (directly or through others), whose rows would dangle once their parents' rows
    /// are removed.
    ///
    /// - Returns: the current names, in the schema's order.
    func tablesLosingRows(_ plan: SchemaPlan, current: SchemaModel) -> [String] {
        var names = Set<SQLIdentifierKey>()
        for step in plan.steps where step.dataLoss != nil {
            let source = plan.keptColumns.first { $0.table.identifierKey == step.name.identifierKey }?.sourceTable
            names.insert((source ?? step.name).identifierKey)
        }
        var grew = true
        while grew {
            grew = false
            for table in current.tables where !names.contains(table.name.identifierKey) {
                guard table.foreignKeys.contains(where: { names.contains($0.parentTable.identifierKey) }) else {
                    continue
                }
                names.insert(table.name.identifierKey)
                grew = true
            }
        }
        return current.tables.map(\.name).filter { names.contains($0.identifierKey) }
    }

    /// Deletes every row of `tables`, with foreign keys off.
    ///
    /// - Returns: the tables.
    /// - Throws: ``SQLiteError`` when a delete fails.
    func empty(_ tables: [String], _ connection: SQLiteConnection) throws -> [String] {
        try connection.execute(sql: "PRAGMA foreign_keys = OFF")
        try connection.transaction {
            for table in tables { try connection.execute(sql: "DELETE FROM main.\(quoted(table))") }
        }
        return tables
    }
}
