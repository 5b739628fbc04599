import Kiln

/// No migration holds a template placeholder (`$%…%$`, `{{ … }}`, `${…}`) another tool expands and kiln does
/// not (``TemplatePlaceholder``).
struct TemplatePlaceholderRule: CheckRule {
    let identifier = "template-placeholder"

    func findings(in context: CheckContext) -> [CheckFinding] { TemplatePlaceholder.findings(context.migrations) }

    static let codes = [
        FindingCode("template-placeholder", "A migration holds a template placeholder kiln does not expand.")
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .templatePlaceholder(let token) = reason else { return nil }
        return FindingWords(
            "'\(token)' is a template placeholder kiln does not expand",
            hint:
                "kiln runs migrations as plain SQL: write what the template would expand to for SQLite (e.g. INTEGER PRIMARY KEY AUTOINCREMENT)",
            code: "template-placeholder")
    }
}

extension TemplatePlaceholderError: DiagnosticError {
    /// An error per placeholder, at its location, in the rule's words.
    package var diagnostics: [Diagnostic] {
        placeholders.flatMap { CheckFinding(.templatePlaceholder(token: $0.token), at: $0.location).diagnostics }
    }
}
