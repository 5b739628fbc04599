import Kiln

/// An error at each migration that is still kiln's untouched template (``UntouchedTemplate``): `kiln migrate`
/// and `kiln build` refuse it, so `kiln check` does too.
struct UntouchedTemplateRule: CheckRule {
    let identifier = "untouched-template"

    func findings(in context: CheckContext) -> [CheckFinding] { MigrationTemplate.findings(context.migrations) }

    static let codes = [
        FindingCode(UntouchedTemplate.code, "A migration is still the template kiln new wrote, with no SQL.")
    ]
}
