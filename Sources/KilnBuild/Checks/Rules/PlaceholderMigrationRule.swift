import Kiln

/// A note at each migration of comments only: a valid placeholder version that changes nothing but the version.
struct PlaceholderMigrationRule: CheckRule {
    let identifier = "placeholder-migration"

    func findings(in context: CheckContext) -> [CheckFinding] {
        // kiln's untouched template is no placeholder but a migration still to write (UntouchedTemplateRule).
        context.migrations.migrations.filter { $0.isPlaceholder && MigrationTemplate.markerLine(of: $0) == nil }.map {
            CheckFinding(
                .placeholderMigration(version: $0.version), at: SourceLocation(path: $0.path, line: 1, column: 1))
        }
    }

    static let codes = [FindingCode("placeholder-migration", "A migration holds comments only.")]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .placeholderMigration(let version) = reason else { return nil }
        return FindingWords(
            .note,
            "migration \(version) holds comments only: a placeholder version, which changes nothing but the version",
            code: "placeholder-migration")
    }
}
