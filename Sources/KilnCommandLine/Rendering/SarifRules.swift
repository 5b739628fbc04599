import KilnBuild

/// The one-line description of each rule `kiln check` reports, for SARIF's `tool.driver.rules`: code-scanning
/// tools show it as the rule's name beside each result.
enum SarifRules {
    /// The description of a finding code; a code this table does not know yet gets a general one.
    static func description(of code: String) -> String {
        descriptions[code] ?? "A finding of kiln check (\(code))."
    }

    /// The rule id of a diagnostic without a code of its own (an error from another area, such as a migration
    /// that does not run).
    static let uncoded = "error"
    /// The rule id of a warning without a code of its own.
    static let uncodedWarning = "warning"
    /// The rule id of a lone note without a code of its own.
    static let uncodedNote = "note"

    /// A record's rule id: its code, else one per severity, so a note never shares the errors' rule.
    static func id(of record: DiagnosticRecord) -> String {
        if let code = record.code { return code }
        switch record.severity {
        case "warning": return uncodedWarning
        case "note": return uncodedNote
        default: return uncoded
        }
    }

    /// What each rule finds, in a sentence: the codes the check's rules list (``CheckRules/codes``), and the
    /// uncoded ones.
    private static let descriptions: [String: String] = Dictionary(
        [
            (uncoded, "The input could not be read or run."),
            (uncodedWarning, "A warning of kiln check without a rule of its own."),
            (uncodedNote, "A note of kiln check."),
        ] + (CheckRules.codes + CheckerFindings.codes).map { ($0.id, $0.summary) },
        uniquingKeysWith: { first, _ in first })
}
