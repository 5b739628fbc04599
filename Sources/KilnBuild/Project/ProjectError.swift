import Kiln

/// A name the project does not have, or cannot have. Each case is what went wrong; there is no file to point
/// into.
package enum ProjectError: DiagnosticError, Equatable {
    /// No `migrations/<name>/` folder; `known` are the databases there are.
    case unknownDatabase(String, known: [String])
    /// A database name that cannot be a folder name.
    case invalidDatabaseName(String)

    /// The error as a diagnostic, with a "did you mean" where a known name is close.
    package var diagnostics: [Diagnostic] {
        [
            diagnostic(noDatabasesHint: { name in
                "there are no databases yet; add a folder migrations/\(name)/ with its first migration"
            })
        ]
    }

    /// The diagnostic, with the hint for a project without databases supplied by the caller (the command line
    /// names its command there).
    ///
    /// - Returns: one error diagnostic.
    package func diagnostic(noDatabasesHint: (String) -> String) -> Diagnostic {
        switch self {
        case .unknownDatabase(let name, let known):
            var hint = known.isEmpty ? noDatabasesHint(name) : "the databases are: \(known.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: name, among: known) {
                hint = "did you mean '\(suggestion)'? " + hint
            }
            return Diagnostic(.error, "no database named '\(name)' (no folder migrations/\(name))", hint: hint)
        case .invalidDatabaseName(let name):
            return Diagnostic(
                .error, "'\(name)' is not a valid database name",
                hint: "use letters, digits, '_' and '-', starting with a letter")
        }
    }
}
