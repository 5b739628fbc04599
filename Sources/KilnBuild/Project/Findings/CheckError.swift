import Kiln

/// A check's input cannot be read (e.g. a line of `kiln.sum`): the findings that say where and why (their
/// rules word them: `CheckFinding+Words.swift`).
package struct CheckError: Error {
    /// What was found, at least one.
    package let findings: [CheckFinding]

    /// An error of one finding.
    package init(_ finding: CheckFinding) { findings = [finding] }

    /// An error of several findings, at least one.
    package init(findings: [CheckFinding]) { self.findings = findings }
}
