import Kiln

/// Lint of the app queries: a query with a WHERE clause that reads every row of a seeded table on the fresh
/// build (``FullScanCheck``).
struct FullScanRule: CheckRule {
    let identifier = "full-scan"

    func findings(in context: CheckContext) throws -> [CheckFinding] {
        guard let queries = context.appQueries.file else { return [] }
        let seeded = Set(try context.freshState().seeds.map { $0.tableName.identifierKey })
        return FullScanCheck.findings(queries, against: try context.fresh(), seededTables: seeded)
    }

    static let codes = [FindingCode("full-scan", "An app query reads every row of a seeded table.")]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .queryFullScan(let table, let plan) = reason else { return nil }
        return FindingWords.lint(
            .fullScan, "SQLite reads every row of '\(table)' for this query (its plan on the built file: \(plan))",
            hint:
                "add an index on the columns it filters by, in a migration; if the scan is intended, write '-- kiln:allow full-scan' before the query"
        )
    }
}
