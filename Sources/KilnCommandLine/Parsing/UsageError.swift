/// A command line that does not fit its command: exit status 64, with the usage line.
public struct UsageError: Error, Equatable {
    /// What is wrong, lowercase.
    public let message: String
    /// A suggestion, e.g. "did you mean '--dry-run'?".
    public let hint: String?
    /// The command whose usage to show, or nil for `kiln` itself.
    public let command: String?

    /// A usage error of `command` (nil for `kiln` itself).
    public init(message: String, hint: String?, command: String?) {
        self.message = message
        self.hint = hint
        self.command = command
    }

    /// A required option that was not given, e.g. `missing expected option '--db <file>'`.
    static func missingOption(_ name: String, valueName: String?, command: String) -> UsageError {
        UsageError(
            message: "missing expected option '--\(name) <\(valueName ?? "")>'", hint: nil, command: command)
    }

    /// A required positional argument that was not given, e.g. `missing expected argument '<database>'`.
    static func missingArgument(_ name: String, command: String) -> UsageError {
        UsageError(message: "missing expected argument '<\(name)>'", hint: nil, command: command)
    }
}
