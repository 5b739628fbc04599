/// Renders help and usage text in swift-argument-parser's layout (OVERVIEW, USAGE, ARGUMENTS, OPTIONS), wrapped
/// to the terminal's width without breaking a word.
public enum HelpFormatter {
    /// The one-line usage of a command, e.g. `kiln migrate <database> --db <file> [--to <version>]`, as usage
    /// errors print it.
    ///
    /// - Returns: the line, without a newline.
    public static func usage(of spec: CommandSpec) -> String {
        (["kiln", spec.name] + usageParts(of: spec)).joined(separator: " ")
    }

    /// The usage of a command after `lead` (e.g. `USAGE: `), wrapped to `width`; further lines start under the
    /// first argument, after `kiln <subcommand> `, or nearer the margin on a narrow terminal.
    ///
    /// - Returns: the lines, each ending in a newline.
    public static func usage(of spec: CommandSpec, width: Int, lead: String = "USAGE: ") -> String {
        let first = "\(lead)kiln \(spec.name) "
        let indent = first.count <= width / 2 ? first.count : lead.count + 2
        return HelpLayout.fill(usageParts(of: spec), width: width, first: first, indent: indent)
    }

    /// The arguments and options of a usage line, each part kept whole when the line wraps.
    static func usageParts(of spec: CommandSpec) -> [String] {
        var parts: [String] = []
        for argument in spec.arguments {
            let name = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
            parts.append(argument.isOptional ? "[\(name)]" : name)
        }
        for option in spec.visibleOptions {
            let text = longLabel(option)
            parts.append((option.isRequired ? text : "[\(text)]") + (option.repetition == .collected ? " ..." : ""))
        }
        if spec.showsRoot { parts.append("[--root <dir>]") }
        return parts
    }

    /// The full help of a command.
    ///
    /// - Parameters:
    ///   - spec: the command.
    ///   - width: the columns no line may pass (a single word wider than that gets a line of its own).
    /// - Returns: OVERVIEW, the discussion, USAGE, ARGUMENTS, OPTIONS and COMMON OPTIONS, each line ending in a
    ///   newline.
    public static func help(of spec: CommandSpec, width: Int = 80) -> String {
        var text = HelpLayout.fill(HelpLayout.words(spec.abstract), width: width, first: "OVERVIEW: ", indent: 2)
        if !spec.discussion.isEmpty { text += "\n" + HelpLayout.discussion(spec.discussion, width: width) }
        text += "\n" + usage(of: spec, width: width)
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                text += HelpLayout.row(argumentLabel(argument), argument.help, width: width)
            }
        }
        if spec.showsRoot {
            text += section("OPTIONS", spec.visibleOptions, width: width)
            text += section("COMMON OPTIONS", spec.shownCommonOptions, width: width)
        } else {
            text += section("OPTIONS", spec.visibleOptions + spec.shownCommonOptions, width: width)
        }
        return text
    }

    /// The help of `kiln` itself: its options, the subcommands by group, the options every subcommand takes.
    ///
    /// - Parameters:
    ///   - commands: every subcommand, `help` included.
    ///   - width: the columns no line may pass.
    /// - Returns: the text, each line ending in a newline.
    public static func rootHelp(commands: [CommandSpec], width: Int = 80) -> String {
        var text = HelpLayout.fill(HelpLayout.words(overview), width: width, first: "OVERVIEW: ", indent: 2)
        text +=
            "\n"
            + HelpLayout.fill(
                ["<subcommand>", "[<arguments>]", "[<options>]"], width: width,
                first: "USAGE: kiln ", indent: 12)
        text += "\nOPTIONS:\n"
        let builtIns = Set(KilnTool.builtInOptions.map(\.name))
        for option in KilnTool.builtInOptions { text += HelpLayout.row(optionLabel(option), option.help, width: width) }
        for group in CommandGroup.allCases {
            let members = commands.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            text += "\n\(group.rawValue):\n"
            for command in members { text += HelpLayout.row(command.name, command.abstract, width: width) }
        }
        text +=
            "\nCOMMON OPTIONS:\n"
            + HelpLayout.fill(HelpLayout.words(commonOptionsPlace), width: width, first: "  ", indent: 2)
        text += CommonOptions.all.filter { !builtIns.contains($0.name) }
            .map { HelpLayout.row(optionLabel($0), $0.help, width: width) }.joined()
        text += "\nENVIRONMENT:\n"
        let variables = EnvironmentVariable.all.map(\.name).joined(separator: ", ")
        text += HelpLayout.fill(HelpLayout.words(variables), width: width, first: "  ", indent: 2)
        text +=
            "\n"
            + HelpLayout.fill(
                HelpLayout.words(
                    "See 'kiln help <subcommand>' for detailed help, 'kiln help --man' for the manual (with what each "
                        + "environment variable does)."),
                width: width, first: "  ", indent: 2)
        return text
    }

    /// Where the common options go, said before root help lists them: they belong to the subcommands.
    static let commonOptionsPlace =
        "Every subcommand but help takes these after the subcommand's name, e.g. 'kiln build --color never'."

    /// What kiln is, the first line of its help and its manual's description.
    static let overview = "kiln turns versioned SQL migrations and CSV seed files into SQLite databases."

    /// `<database>`, `<database> ...`.
    static func argumentLabel(_ argument: ArgumentDeclaration) -> String {
        "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
    }

    /// `-q, --quiet`, `--db <file>`.
    static func optionLabel(_ option: OptionDeclaration) -> String {
        let label = longLabel(option)
        return option.shortName.map { "-\($0), " + label } ?? label
    }

    /// `--quiet`, `--db <file>`: the long spelling with its value's placeholder.
    static func longLabel(_ option: OptionDeclaration) -> String {
        "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
    }

    /// A titled list of options, or nothing when there are none.
    private static func section(_ title: String, _ options: [OptionDeclaration], width: Int) -> String {
        guard !options.isEmpty else { return "" }
        return "\n\(title):\n" + options.map { HelpLayout.row(optionLabel($0), $0.help, width: width) }.joined()
    }
}
