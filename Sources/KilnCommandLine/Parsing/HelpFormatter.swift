/// Renders help and usage text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS.
public enum HelpFormatter {
    /// The one-line usage of a command, e.g. `kiln migrate <database> --db <file> [--to <version>]`.
    ///
    /// - Returns: the line, without a newline.
    public static func usage(of spec: CommandSpec) -> String {
        var parts = ["kiln", spec.name]
        for argument in spec.arguments {
            let name = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
            parts.append(argument.isOptional ? "[\(name)]" : name)
        }
        for option in spec.options {
            let text = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            parts.append((option.isRequired ? text : "[\(text)]") + (option.repetition == .collected ? " ..." : ""))
        }
        parts.append("[--root <dir>]")
        return parts.joined(separator: " ")
    }

    /// The full help of a command.
    ///
    /// - Parameter width: the columns no line may pass.
    /// - Returns: OVERVIEW, USAGE, ARGUMENTS and OPTIONS, each line ending in a newline.
    public static func help(of spec: CommandSpec, width: Int = 80) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n"
        if !spec.discussion.isEmpty { text += "\n\(spec.discussion)\n" }
        text += "\nUSAGE: \(usage(of: spec))\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                text += row("<\(argument.name)>" + (argument.isRepeating ? " ..." : ""), argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in spec.allOptions {
            var label = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            if let short = option.shortName { label = "-\(short), " + label }
            text += row(label, option.help)
        }
        return text
    }

    /// The help of `kiln` itself.
    ///
    /// - Parameter width: the columns no line may pass.
    /// - Returns: OVERVIEW, USAGE, OPTIONS and SUBCOMMANDS, each line ending in a newline.
    public static func rootHelp(commands: [CommandSpec], width: Int = 80) -> String {
        var text = """
            OVERVIEW: kiln turns versioned SQL migrations and CSV seed files into SQLite databases.

            USAGE: kiln <subcommand>

            OPTIONS:

            """
        text += row("--version", "Show the version.")
        text += row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in commands { text += row(command.name, command.abstract) }
        text += "\n  See 'kiln help <subcommand>' for detailed help.\n"
        return text
    }

    private static func row(_ label: String, _ help: String) -> String {
        let width = 24
        if label.count + 2 < width {
            return "  " + label + String(repeating: " ", count: width - label.count - 2) + help + "\n"
        }
        return "  \(label)\n" + String(repeating: " ", count: width) + help + "\n"
    }
}
