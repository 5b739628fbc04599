import Kiln

/// The one place an error becomes the text a command prints.
enum ErrorRendering {
    /// The diagnostics for any error a command lets through: the command-line wording where an error has
    /// one, else the library's own diagnostics, else the error's description.
    static func diagnostics(for error: any Error) -> [Diagnostic] {
        if let error = error as? any CommandLineDiagnosable { return error.commandLineDiagnostics }
        if let error = error as? any DiagnosticError { return error.diagnostics }
        if let error = error as? SQLiteError {
            // An error no area wrapped still names its file, and for a fault of the disk, the exact cause.
            return [Diagnostic(.error, (error.file.map { "\($0): " } ?? "") + error.explanation)]
        }
        return [Diagnostic(.error, "\(error)")]
    }
}
