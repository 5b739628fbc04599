import Kiln

extension PlanVerification {
    /// Whether every table rows were set aside from has a risk `plan` allowed that already says such rows
    /// make the migration fail and roll back, and to clean them (``PlanRisk/mayFail(table:constraint:)``):
    /// the summary and the header then say it once, with the risk, not again beside the rows set aside.
    ///
    /// - Parameter plan: the plan that was verified.
    /// - Returns: false when no row was set aside, or a table's rows were set aside for no risk the plan names.
    package func setAsideIsSaid(byRisksOf plan: SchemaPlan) -> Bool {
        guard !setAside.isEmpty else { return false }
        let failing = Set(
            plan.risks.compactMap { risk -> SQLIdentifierKey? in
                guard case .mayFail(let table, _) = risk else { return nil }
                return table.identifierKey
            })
        return setAside.allSatisfy { rows in
            // A table set aside is named as the data set has it: before the plan's renames.
            let wanted = plan.keptColumns.first { $0.sourceTable.identifierKey == rows.table.identifierKey }?.table
            return failing.contains((wanted ?? rows.table).identifierKey)
        }
    }
}
