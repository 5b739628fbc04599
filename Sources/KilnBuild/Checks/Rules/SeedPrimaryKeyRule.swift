import Kiln

/// Lint of the seeds: a seeded table without a primary key (``LintCheck/seedsWithoutPrimaryKey(_:tables:migrations:)``).
struct SeedPrimaryKeyRule: CheckRule {
    let identifier = "seed-without-primary-key"

    func findings(in context: CheckContext) throws -> [CheckFinding] {
        let fresh = try context.freshState()
        return LintCheck.seedsWithoutPrimaryKey(fresh.seeds, tables: fresh.tables, migrations: context.migrations)
    }

    static let codes = [FindingCode("seed-without-primary-key", "A seeded table has no primary key.")]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .seedWithoutPrimaryKey(let table) = reason else { return nil }
        return FindingWords.lint(
            .seedWithoutPrimaryKey, "table '\(table)' has a seed but no primary key",
            hint:
                "give it a PRIMARY KEY so seed rows can be updated and synced by key, or write '-- kiln:allow seed-without-primary-key' before the CREATE TABLE that makes it"
        )
    }
}
