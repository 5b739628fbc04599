import Kiln

/// No migration still holds a `kiln_placeholder('…')` call (``PlannedPlaceholderCheck``): an expression `kiln
/// plan` left to fill, or a whole statement `kiln import` wrote in place of a code migration
/// (``PlaceholderStatement``).
struct PlannedPlaceholderRule: CheckRule {
    let identifier = "planned-placeholder"

    func findings(in context: CheckContext) -> [CheckFinding] { PlannedPlaceholderCheck.findings(context.migrations) }

    static let codes = [
        FindingCode("planned-placeholder", "A planned migration still holds a placeholder."),
        FindingCode(
            "placeholder-statement",
            "A migration still holds a placeholder statement, such as an imported code migration's."),
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .plannedPlaceholder(let description) = reason else { return nil }
        return FindingWords(
            "a placeholder kiln plan left to fill: \(description)",
            hint:
                "replace the kiln_placeholder(...) call with the SQL expression it describes; kiln migrate fails at it until then",
            code: "planned-placeholder")
    }
}

/// A `SELECT kiln_placeholder('…');` statement standing for statements still to write, such as the one `kiln
/// import` writes in place of a code migration (`port goose code migration 00012_x.go to SQL`).
package struct PlaceholderStatement: WordedFinding {
    /// What its argument asks for.
    package let description: String

    /// The finding for a placeholder statement asking for `description`.
    package init(description: String) { self.description = description }

    /// An error: the statements are still to write.
    package var words: FindingWords {
        FindingWords(
            "a placeholder left to fill: \(description)",
            hint:
                "write the SQL it asks for in this migration and delete the kiln_placeholder(...) statement (the comments above it name the source); kiln migrate fails at it until then",
            code: "placeholder-statement")
    }
}
