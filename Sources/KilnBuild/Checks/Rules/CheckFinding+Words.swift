import Kiln

extension CheckFinding {
    /// Whether it fails a check (errors), only a strict one (warnings), or neither (notes): its rule says.
    package var severity: Diagnostic.Severity { reason.words.severity }

    /// The finding in words: one diagnostic, or the diagnostics of the error behind a ``Reason/error(_:)``.
    package var diagnostics: [Diagnostic] {
        if case .error(let error, let code) = reason {
            // The error's own words, each carrying the code of the rule it stopped.
            let diagnostics = (error as? any DiagnosticError)?.diagnostics ?? [Diagnostic(.error, "\(error)")]
            return diagnostics.map {
                Diagnostic($0.severity, $0.message, at: $0.location, hint: $0.hint, code: $0.code ?? code)
            }
        }
        return [diagnostic(hint: reason.hint)]
    }

    /// The finding's one diagnostic with `hint`.
    ///
    /// - Returns: the diagnostic, with the finding's severity, message, location and code.
    package func diagnostic(message: String? = nil, hint: String?) -> Diagnostic {
        let words = reason.words
        return Diagnostic(words.severity, message ?? words.message, at: location, hint: hint, code: words.code)
    }
}

extension CheckFinding.Reason {
    /// Its words, from the rule that makes it (``CheckRules/words(for:)``).
    package var words: FindingWords { CheckRules.words(for: self) }
    /// What was found, in words; a lint warning ends with its rule's name, e.g. `[drop-table]`.
    package var message: String { words.message }
    /// How to fix it, in the library's words (the command line names its commands instead).
    package var hint: String? { words.hint }
    /// The stable rule identifier tools read from `--json`.
    package var code: String? { words.code }
}

/// A check's input cannot be read: its findings, worded by their rules.
extension CheckError: DiagnosticError {
    /// The findings in words.
    package var diagnostics: [Diagnostic] { findings.flatMap(\.diagnostics) }
}
