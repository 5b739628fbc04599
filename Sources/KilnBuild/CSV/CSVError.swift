import Kiln

/// A CSV file that breaks the strict RFC 4180 rules kiln reads by, at the place it breaks them.
public struct CSVError: DiagnosticError, Equatable {
    /// What is wrong, lowercase.
    public let message: String
    /// Where: path, line and byte column.
    public let location: SourceLocation
    /// How to fix it.
    public let hint: String?

    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, at: location, hint: hint)] }
}
