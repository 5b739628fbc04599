import Kiln

/// A check's input cannot be read (e.g. a line of `kiln.sum`): the findings that say where and why.
public struct CheckError: DiagnosticError {
    /// What was found, at least one.
    public let findings: [CheckFinding]

    /// An error of one finding.
    package init(_ finding: CheckFinding) { findings = [finding] }

    /// An error of several findings, at least one.
    package init(findings: [CheckFinding]) { self.findings = findings }

    /// The findings in words.
    public var diagnostics: [Diagnostic] { findings.flatMap(\.diagnostics) }
}
