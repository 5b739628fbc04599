import Kiln

/// Migrations and app queries use no SQLite feature newer than the app's oldest SQLite (`minimumSQLite`):
/// ``FeatureFloorCheck``.
struct FeatureFloorRule: CheckRule {
    /// The SQL a rule of this kind reads.
    enum Scope { case migrations, appQueries }

    /// The SQL this rule reads.
    let scope: Scope

    /// The rule over `scope`.
    init(of scope: Scope) { self.scope = scope }

    var identifier: String { scope == .migrations ? "feature-floor-migrations" : "feature-floor-app-queries" }

    func findings(in context: CheckContext) -> [CheckFinding] {
        guard let floor = context.minimumSQLite else { return [] }
        switch scope {
        case .migrations:
            return context.migrations.migrations.untilInterrupted.flatMap { migration in
                FeatureFloorCheck.check(source: migration.source, statements: migration.statements, floor: floor)
            }
        case .appQueries:
            guard let queries = context.appQueries.file else { return [] }
            return FeatureFloorCheck.check(source: queries.source, statements: queries.statements, floor: floor)
        }
    }

    static let codes = [FindingCode("feature-too-new", "A migration uses an SQLite feature newer than minimumSQLite.")]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .featureTooNew(let feature, let introduced, let floor) = reason else { return nil }
        return FindingWords(
            "\(feature) needs SQLite \(introduced), but the app supports SQLite \(floor) (minimumSQLite in kiln.json)",
            hint: "write it without \(feature), or raise minimumSQLite with the app's deployment target",
            code: "feature-too-new")
    }
}
