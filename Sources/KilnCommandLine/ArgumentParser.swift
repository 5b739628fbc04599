import KilnBuild

/// Command-line arguments checked against a ``CommandSpec``.
public struct ParsedArguments: Sendable {
    /// Positional values by argument name; a repeating argument holds all its values.
    public var positional: [String: [String]] = [:]
    /// Option values by option name (the value given); flags hold an empty string.
    public var options: [String: String] = [:]
    /// Every value of each repeatable option, in order.
    public var repeated: [String: [String]] = [:]

    /// The single value of a positional argument.
    public func argument(_ name: String) -> String? { positional[name]?.first }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { options[name] != nil }
}

/// A command line that does not fit its command: exit status 64, with the usage line.
public struct UsageError: Error, Equatable {
    /// What is wrong, lowercase.
    public let message: String
    /// A suggestion, e.g. "did you mean '--dry-run'?".
    public let hint: String?
    /// The command whose usage to show, or nil for `kiln` itself.
    public let command: String?
}

/// Parses arguments the way swift-argument-parser does: `--name value` or `--name=value`, flags without
/// values, `--` ending options, positionals in order. Unknown options, missing values and missing arguments
/// are ``UsageError``s that suggest the nearest valid spelling.
public enum ArgumentParser {
    /// Parses `arguments` (without the program and subcommand names) against `spec`.
    public static func parse(_ arguments: [String], spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var values: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                values.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = find(name, in: spec) else {
                let names = spec.allOptions.map { "--\($0.name)" }
                let suggestion = argument.hasPrefix("--") ? Suggestion.closest(to: name, among: names) : nil
                throw UsageError(
                    message: "unknown option '\(name)'", hint: suggestion.map { "did you mean '\($0)'?" },
                    command: spec.name)
            }
            if parsed.options[option.name] != nil, option.name != "help", !option.isRepeatable {
                throw UsageError(
                    message: "option '--\(option.name)' was given more than once", hint: nil, command: spec.name)
            }
            if let valueName = option.valueName {
                if let inlineValue {
                    parsed.options[option.name] = inlineValue
                } else if index < arguments.count {
                    parsed.options[option.name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(
                        message: "missing value for '--\(option.name) <\(valueName)>'", hint: nil, command: spec.name)
                }
                parsed.repeated[option.name, default: []].append(parsed.options[option.name]!)
            } else {
                if inlineValue != nil {
                    throw UsageError(
                        message: "flag '--\(option.name)' does not take a value", hint: nil, command: spec.name)
                }
                parsed.options[option.name] = ""
            }
        }
        if parsed.flag("help") { return parsed }

        var remaining = values[...]
        for argument in spec.arguments {
            if argument.isRepeating {
                parsed.positional[argument.name] = Array(remaining)
                if remaining.isEmpty && !argument.isOptional {
                    throw UsageError(
                        message: "missing expected argument '<\(argument.name)>'", hint: nil, command: spec.name)
                }
                remaining = []
            } else if let value = remaining.first {
                parsed.positional[argument.name] = [value]
                remaining = remaining.dropFirst()
            } else if !argument.isOptional {
                throw UsageError(
                    message: "missing expected argument '<\(argument.name)>'", hint: nil, command: spec.name)
            }
        }
        if let extra = remaining.first {
            throw UsageError(message: "unexpected argument '\(extra)'", hint: nil, command: spec.name)
        }
        for option in spec.options where option.isRequired && parsed.options[option.name] == nil {
            throw UsageError(
                message: "missing expected option '--\(option.name) <\(option.valueName ?? "")>'", hint: nil,
                command: spec.name)
        }
        return parsed
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func find(_ name: String, in spec: CommandSpec) -> CommandSpec.Option? {
        if name.hasPrefix("--") {
            let long = name.dropFirst(2)
            return spec.allOptions.first { $0.name == long }
        }
        guard name.count == 2, let letter = name.last else { return nil }
        return spec.allOptions.first { $0.shortName == letter }
    }
}
