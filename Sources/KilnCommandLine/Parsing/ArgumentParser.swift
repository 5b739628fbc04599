import Foundation

/// Parses arguments the way swift-argument-parser does: `--name value` or `--name=value`, flags without
/// values, `--` ending options, positionals in order. Unknown options, missing values, missing arguments and
/// values that do not fit their type are ``UsageError``s that suggest the nearest valid spelling.
public enum ArgumentParser {
    /// What a command line asks for.
    public enum Outcome: Sendable {
        /// `-h` or `--help`: show the command's help.
        case help
        /// Run the command with these arguments.
        case run(ParsedArguments)
    }

    /// Parses `arguments` (without the program and subcommand names) against `spec`.
    ///
    /// - Parameters:
    ///   - arguments: the words after the subcommand.
    ///   - spec: the command's arguments and options.
    ///   - currentDirectory: the folder relative paths are resolved against.
    /// - Returns: help, or every declared value converted to its type.
    /// - Throws: ``UsageError`` for a command line that does not fit `spec`.
    public static func parse(
        _ arguments: [String], spec: CommandSpec, currentDirectory: URL
    ) throws -> Outcome {
        let context = ParsingContext(command: spec.name, currentDirectory: currentDirectory)
        let words = try CommandLineWords(arguments, spec: spec)
        if words.wasGiven(CommonOptions.help.declaration) { return .help }
        let positionals = try convertPositionals(words, spec: spec, context: context)
        for option in spec.options where option.isRequired && !words.wasGiven(option) {
            throw UsageError.missingOption(option.name, valueName: option.valueName, command: spec.name)
        }
        var options: [String: any Sendable] = [:]
        for option in spec.allOptions {
            options[option.name] = try option.convert(words.values(of: option), context)
        }
        return .run(ParsedArguments(options: options, positionals: positionals))
    }

    /// The note for a word left over after an option that takes a shell pattern: the shell most likely
    /// expanded the pattern into the files it found, so it should be quoted. Nil when no such option was given.
    private static func quotingHint(_ words: CommandLineWords, extra: [String], spec: CommandSpec) -> String? {
        guard let option = spec.options.first(where: { $0.isShellPattern && words.wasGiven($0) }) else { return nil }
        let pattern = commonPattern(of: words.values(of: option) + extra) ?? "tenants/*.db"
        return "the shell expanded the pattern of '--\(option.name)' into many files; quote it so kiln walks the "
            + "files itself: --\(option.name) '\(pattern)'"
    }

    /// `tenants/*.db` for `tenants/a.db tenants/b.db`: the glob the shell most likely expanded, when every word
    /// is in the same folder and has the same extension (and needs no quoting of its own); else nil.
    static func commonPattern(of words: [String]) -> String? {
        let parts = words.map { word -> (folder: Substring, extension: Substring)? in
            let slash = word.lastIndex(of: "/")
            let name = slash.map { word[word.index(after: $0)...] } ?? word[...]
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) < name.endIndex
            else { return nil }
            return (slash.map { word[...$0] } ?? "", name[name.index(after: dot)...])
        }
        guard let first = parts.first, let first, words.allSatisfy({ !$0.contains("'") }),
            parts.allSatisfy({ $0?.folder == first.folder && $0?.extension == first.extension })
        else { return nil }
        return "\(first.folder)*.\(first.extension)"
    }

    /// Hands the positional values to the arguments in order, a repeating one taking all that remain.
    ///
    /// - Returns: each argument's typed value, by name.
    /// - Throws: ``UsageError`` for a missing argument or a value left over.
    private static func convertPositionals(
        _ words: CommandLineWords, spec: CommandSpec, context: ParsingContext
    ) throws -> [String: any Sendable] {
        var remaining = words.positionals[...]
        var converted: [String: any Sendable] = [:]
        for argument in spec.arguments {
            let taken = argument.isRepeating ? remaining : remaining.prefix(1)
            remaining = remaining.dropFirst(taken.count)
            converted[argument.name] = try argument.convert(Array(taken), context)
        }
        if let extra = remaining.first {
            throw UsageError(
                message: "unexpected argument '\(extra)'",
                hint: quotingHint(words, extra: Array(remaining), spec: spec),
                command: spec.name)
        }
        return converted
    }
}
