/// The rules `kiln check` runs, in the order of their findings (golden tests pin it).
package enum CheckRules {
    /// The rules of one database's check.
    package static let database: [any CheckRule] = [
        MigrationIntegrityRule(), FeatureFloorRule(of: .migrations), MigrationLintRule(), TemplatePlaceholderRule(),
        PlannedPlaceholderRule(), StandInRule(), UntouchedTemplateRule(), PlaceholderMigrationRule(), SchemaFileRule(),
        ReproducibleBuildRule(), UpgradePathRule(), SeedPrimaryKeyRule(), AppQueryRule(of: .queriesFile),
        FeatureFloorRule(of: .appQueries), AppQueryRule(of: .freshBuild), FullScanRule(),
    ]

    /// The rules of the project as a whole, after every database's.
    package static let project: [any ProjectCheckRule] = [SchemaFileRule(), FixtureFolderRule()]
}

extension CheckRules {
    /// The words of `reason`, from the rule that makes it.
    ///
    /// - Returns: the owning rule's words (every reason has one: `CheckRulesTests` proves it).
    package static func words(for reason: CheckFinding.Reason) -> FindingWords {
        if case .worded(let finding) = reason { return finding.words }
        for rule in database {
            if let words = type(of: rule).words(for: reason) { return words }
        }
        for rule in project {
            if let words = type(of: rule).words(for: reason) { return words }
        }
        return CheckerFindings.words(for: reason) ?? FindingWords("\(reason)", code: nil)
    }

    /// Every finding code the rules list, each once, in rule order.
    package static var codes: [FindingCode] {
        var codes: [FindingCode] = []
        let all = database.flatMap { type(of: $0).codes } + project.flatMap { type(of: $0).codes }
        for code in all where !codes.contains(where: { $0.id == code.id }) { codes.append(code) }
        return codes
    }
}
