import Kiln

/// The one place an error becomes the text a command prints.
enum ErrorRendering {
    /// The diagnostics for any error a command lets through: the command-line wording where an error has
    /// one, else the library's own diagnostics, else the error's description.
    static func diagnostics(for error: any Error) -> [Diagnostic] {
        if let error = error as? any CommandLineDiagnosable { return error.commandLineDiagnostics }
        if let error = error as? any DiagnosticError { return error.diagnostics }
        if let error = error as? SQLiteError { return [Diagnostic(.error, error.message)] }
        return [Diagnostic(.error, "\(error)")]
    }
}
