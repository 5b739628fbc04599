/// A command line checked against a ``CommandSpec``, every value already converted to its declared type.
/// A command reads a value with the declaration itself: `arguments[MigrateCommand.db]`.
public struct ParsedArguments: Sendable {
    /// Option values by option name, each of its ``Option``'s type (absent options hold nil, false or []).
    private let options: [String: any Sendable]
    /// Positional values by argument name, each of its ``Argument``'s type.
    private let positionals: [String: any Sendable]

    /// Values converted by ``ArgumentParser``.
    init(options: [String: any Sendable], positionals: [String: any Sendable]) {
        self.options = options
        self.positionals = positionals
    }

    /// The value of an option of the command.
    public subscript<Value>(option: Option<Value>) -> Value {
        Self.value(options[option.name], of: "option '--\(option.name)'")
    }

    /// The value of a positional argument of the command.
    public subscript<Value>(argument: Argument<Value>) -> Value {
        Self.value(positionals[argument.name], of: "argument '<\(argument.name)>'")
    }

    /// Whether the command declares a flag of this name and it was given (`--json` is declared per command).
    func flag(_ name: String) -> Bool {
        (options[name] as? Bool) ?? false
    }

    /// A stored value as the type its declaration promised; anything else means a command read a declaration
    /// that is not in its spec, a bug in kiln rather than in the command line.
    private static func value<Value>(_ stored: (any Sendable)?, of what: String) -> Value {
        guard let stored, let value = stored as? Value else {
            preconditionFailure("the \(what) is not declared, as \(Value.self), in the command's spec")
        }
        return value
    }
}
