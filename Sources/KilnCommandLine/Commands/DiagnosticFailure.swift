import Kiln

/// A failure fully described by one diagnostic.
struct DiagnosticFailure: DiagnosticError {
    let diagnostics: [Diagnostic]
    init(_ diagnostic: Diagnostic) { diagnostics = [diagnostic] }
}
