import KilnBuild

/// The words of a command line sorted into the options a spec declares (each with the raw values given) and
/// positional values, in order. The first stage of ``ArgumentParser``: it checks spellings, not values.
struct CommandLineWords {
    /// The positional values, in order.
    private(set) var positionals: [String] = []
    /// The raw values of each option given, by name; a flag holds one empty string per use.
    private var given: [String: [String]] = [:]

    /// Sorts `arguments` against `spec`.
    ///
    /// - Throws: ``UsageError`` for an unknown option (suggesting the nearest), an option given twice, a
    ///   missing value, or a value given to a flag.
    init(_ arguments: [String], spec: CommandSpec) throws {
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else {
                let (name, inlineValue) = Self.split(word)
                let option = try Self.find(name, in: spec)
                if given[option.name] != nil, option.repetition == .once {
                    throw UsageError(
                        message: "option '--\(option.name)' was given more than once", hint: nil, command: spec.name)
                }
                let value = try Self.value(
                    of: option, inline: inlineValue, following: arguments, at: &index, command: spec.name)
                given[option.name, default: []].append(value)
            }
        }
    }

    /// Whether the option was given at least once.
    func wasGiven(_ option: OptionDeclaration) -> Bool { given[option.name] != nil }

    /// The raw values given to the option, in order; empty when it was not given.
    func values(of option: OptionDeclaration) -> [String] { given[option.name] ?? [] }

    /// `--name=value` as name and value; anything else as a name alone.
    private static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// The option spelled `name` (`--long` or `-x`).
    ///
    /// - Returns: its declaration.
    /// - Throws: ``UsageError`` for a name the spec does not declare, suggesting the nearest long name.
    private static func find(_ name: String, in spec: CommandSpec) throws -> OptionDeclaration {
        let option: OptionDeclaration?
        if name.hasPrefix("--") {
            let long = name.dropFirst(2)
            option = spec.allOptions.first { $0.name == long }
        } else if name.count == 2, let letter = name.last {
            option = spec.allOptions.first { $0.shortName == letter }
        } else {
            option = nil
        }
        guard let option else {
            let names = spec.allOptions.map { "--\($0.name)" }
            let suggestion = name.hasPrefix("--") ? Suggestion.closest(to: name, among: names) : nil
            throw UsageError(
                message: "unknown option '\(name)'", hint: suggestion.map { "did you mean '\($0)'?" },
                command: spec.name)
        }
        return option
    }

    /// The value of one use of `option`: inline after `=`, else the next word (advancing `index`).
    ///
    /// - Returns: the value; an empty string for a flag.
    /// - Throws: ``UsageError`` for a flag given a value or an option whose value is missing.
    private static func value(
        of option: OptionDeclaration, inline: String?, following arguments: [String], at index: inout Int,
        command: String
    ) throws -> String {
        guard let valueName = option.valueName else {
            guard inline == nil else {
                throw UsageError(message: "flag '--\(option.name)' does not take a value", hint: nil, command: command)
            }
            return ""
        }
        if let inline { return inline }
        guard index < arguments.endIndex else {
            throw UsageError(
                message: "missing value for '--\(option.name) <\(valueName)>'", hint: nil, command: command)
        }
        index += 1
        return arguments[index - 1]
    }
}
