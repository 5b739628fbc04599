import Kiln

extension PlanVerifier {
    /// The errors `kiln check` would report in the planned migration (the newest of `planned`) from reading
    /// it: a feature newer than `minimumSQLite`, a `-- kiln:allow` comment that names no rule or silences
    /// nothing. Placeholders are not among them: the text verification runs has their stand-ins.
    ///
    /// - Returns: the errors as diagnostics, in file order; none when the file passes.
    func checkErrors(in planned: Migrator) -> [Diagnostic] {
        guard let migration = planned.migrations.migrations.last else { return [] }
        var findings = LintCheck.migrations(planned)
        if let floor {
            findings += FeatureFloorCheck.check(
                source: migration.source, statements: migration.statements, floor: floor)
        }
        return findings.filter { $0.severity == .error && $0.location?.path == migration.path }.flatMap(\.diagnostics)
    }
}
