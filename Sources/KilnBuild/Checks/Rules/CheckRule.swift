import Kiln

/// One check of a database, in one file with the words of the findings it makes: `kiln check` runs the rules
/// of ``CheckRules/database`` in order over one ``CheckContext``. Adding a check is a new rule file and one line
/// in that list.
package protocol CheckRule: FindingWording, Sendable {
    /// The rule's name among the rules (kebab-case, e.g. `app-queries`); distinct from the codes of its findings.
    var identifier: String { get }

    /// What the rule finds in `context`'s database, in the order `kiln check` reports them.
    ///
    /// - Throws: ``CheckStop`` to end the database's check after its findings; any other error ends the check
    ///   as one finding.
    /// - Returns: the findings; none when the rule passes.
    func findings(in context: CheckContext) throws -> [CheckFinding]
}

/// One check of the project as a whole rather than of one database (e.g. a `fixtures/` folder that names no
/// database): ``CheckRules/project`` runs them in order.
package protocol ProjectCheckRule: FindingWording, Sendable {
    /// What the rule finds in `project`.
    ///
    /// - Returns: the findings; none when the rule passes.
    func findings(in project: KilnProject) -> [CheckFinding]
}

/// Ends the check of a database: what a rule found that leaves nothing later rules could check (the fresh
/// build failed, or cannot be read).
package struct CheckStop: Error {
    /// The findings the check ends with.
    package let findings: [CheckFinding]

    /// A stop with `findings`.
    package init(findings: [CheckFinding]) { self.findings = findings }
}
