/// One finding about a user's input, printed the way clang prints it:
/// `path:line:column: error: message`, followed by a `note:` line with the hint when there is one.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    /// How serious it is.
    public let severity: Severity
    /// What is wrong, lowercase, without a final period.
    public let message: String
    /// Where it is, when it comes from a file.
    public let location: SourceLocation?
    /// How to fix it, when there is something to say.
    public let hint: String?
    /// A stable identifier of the rule, e.g. `migration-edited`, for tools that read `--json`.
    public let code: String?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity = .error, _ message: String, at location: SourceLocation? = nil, hint: String? = nil,
        code: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
        self.code = code
    }

    /// The clang-style text: one line, plus a `note:` line for the hint. `tool` names the program where there
    /// is no location. A line break or other control character in the message, hint or path (a name from a
    /// user's file can hold any) is written as an escape (`\n`, `\u{1B}`), so each line is one line as shown.
    package func formatted(tool: String = "kiln") -> String {
        let prefix = shownLocation ?? tool
        var text = "\(prefix): \(severity.rawValue): \(OneLineText.escaped(message))"
        if let hint { text += "\n\(prefix): note: \(OneLineText.escaped(hint))" }
        return text
    }

    /// The location as `formatted(tool:)` writes it: `path:line:column`, control characters escaped.
    package var shownLocation: String? { location.map { OneLineText.escaped("\($0)") } }

    /// The diagnostic formatted as kiln prints it: `path:line:column: error: message`, then its note.
    public var description: String { formatted() }
}
