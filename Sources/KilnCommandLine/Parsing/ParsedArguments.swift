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

    /// The value of an option only some commands declare (``CommonOptions/json``), or nil when this command
    /// does not declare it.
    func ifDeclared<Value>(_ option: Option<Value>) -> Value? {
        options[option.name].flatMap { $0 as? Value }
    }

    /// The given values of every option whose type is `type` (an optional option left out gives none), in
    /// name order: how the run finds a `--format` that asks for a document whatever the command calls it.
    func declaredValues<Value>(of type: Value.Type) -> [Value] {
        options.sorted { $0.key < $1.key }.compactMap { $0.value as? Value }
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
