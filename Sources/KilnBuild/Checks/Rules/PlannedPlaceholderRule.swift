import Kiln

/// No migration still holds a `kiln_placeholder('…')` call `kiln plan` wrote (``PlannedPlaceholderCheck``).
struct PlannedPlaceholderRule: CheckRule {
    let identifier = "planned-placeholder"

    func findings(in context: CheckContext) -> [CheckFinding] { PlannedPlaceholderCheck.findings(context.migrations) }

    static let codes = [FindingCode("planned-placeholder", "A planned migration still holds a placeholder.")]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .plannedPlaceholder(let description) = reason else { return nil }
        return FindingWords(
            "a placeholder kiln plan left to fill: \(description)",
            hint:
                "replace the kiln_placeholder(...) call with the SQL expression it describes; kiln migrate fails at it until then",
            code: "planned-placeholder")
    }
}
