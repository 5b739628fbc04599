/// Findings thrown as one error.
public struct DiagnosticList: DiagnosticError {
    /// The findings.
    public let diagnostics: [Diagnostic]

    /// One finding.
    public init(_ diagnostic: Diagnostic) { diagnostics = [diagnostic] }

    /// Several findings.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
