/// An error that explains itself as one or more diagnostics. Every error kiln throws for user input
/// conforms, so a front end prints them all the same way.
public protocol DiagnosticError: Error {
    /// The findings, at least one, errors first.
    var diagnostics: [Diagnostic] { get }
}
