import Foundation

/// kiln's manual page, `kiln.1`, in mdoc(7), generated from the same ``CommandSpec``s as help and the completion
/// scripts, so the three cannot disagree. `kiln help --man` prints it.
enum ManPage {
    /// The date the page's content last changed in substance (mdoc's `.Dd`); a fixed date keeps the output
    /// reproducible.
    static let date = "December 1, 2026"

    /// The whole page.
    ///
    /// - Parameter commands: every subcommand, `help` included, in the order help lists them.
    /// - Returns: mdoc source, one request or text line per line.
    static func render(commands: [CommandSpec]) -> String {
        var lines = [
            ".Dd \(date)", ".Dt KILN 1", ".Os", ".Sh NAME", ".Nm kiln",
            ".Nd " + String(HelpFormatter.overview.dropFirst("kiln ".count).dropLast()),
            ".Sh SYNOPSIS", ".Nm", ".Ar subcommand", ".Op Ar arguments", ".Op Ar options",
        ]
        for option in KilnTool.builtInOptions {
            lines += [".Nm", ".Fl \\-\(option.name)" + (option.shortName.map { " | Fl \($0)" } ?? "")]
        }
        lines += [
            ".Sh DESCRIPTION", text(HelpFormatter.overview),
            text("Each subcommand below takes its own arguments and options, then the common options."),
            ".Sh SUBCOMMANDS",
        ]
        for group in CommandGroup.allCases {
            let members = commands.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines += [".Ss " + group.title, ".Bl -tag -width Ds"]
            for command in members { lines += entry(command) }
            lines.append(".El")
        }
        lines += [
            ".Sh COMMON OPTIONS", text("Every subcommand but help takes these after its own."), ".Bl -tag -width Ds",
        ]
        for option in CommonOptions.all { lines += item(option) }
        lines.append(".El")
        lines += trailer
        return lines.map { $0 + "\n" }.joined()
    }

    /// One subcommand: its synopsis, abstract, discussion, arguments and own options.
    private static func entry(_ spec: CommandSpec) -> [String] {
        var lines = [".It Xo", ".Nm", ".Cm \(spec.name)"] + synopsis(spec) + [".Xc", text(spec.abstract)]
        if !spec.discussion.isEmpty { lines += [".Pp"] + discussion(spec.discussion) }
        let items = spec.arguments.flatMap(item) + spec.visibleOptions.flatMap(item)
        if !items.isEmpty { lines += [".Bl -tag -width Ds"] + items + [".El"] }
        return lines
    }

    /// The arguments and options after `kiln <subcommand>`, one macro line each.
    private static func synopsis(_ spec: CommandSpec) -> [String] {
        var lines: [String] = []
        for argument in spec.arguments {
            let name = "Ar \(argument.name)" + (argument.isRepeating ? " No ..." : "")
            lines.append(argument.isOptional ? ".Op \(name)" : ".\(name)")
        }
        for option in spec.visibleOptions {
            let flag = "Fl \\-\(option.name)" + (option.valueName.map { " Ar \(macroSafe($0))" } ?? "")
            let repeated = option.repetition == .collected ? " No ..." : ""
            lines.append(option.isRequired ? ".\(flag)\(repeated)" : ".Op \(flag)\(repeated)")
        }
        if spec.showsRoot { lines.append(".Op Ar common options") }
        return lines
    }

    /// A list item for a positional argument.
    private static func item(_ argument: ArgumentDeclaration) -> [String] {
        [".It Ar \(argument.name)" + (argument.isRepeating ? " No ..." : ""), text(argument.help)]
    }

    /// A list item for an option.
    private static func item(_ option: OptionDeclaration) -> [String] {
        var head = ".It Fl \\-\(option.name)" + (option.valueName.map { " Ar \(macroSafe($0))" } ?? "")
        if let short = option.shortName { head += " , Fl \(short)" }
        return [head, text(option.help)]
    }

    /// A discussion's blocks: prose as text, `term  description` rows as a list, a run of other indented lines
    /// (a recipe) as one literal display, empty lines as paragraph breaks.
    private static func discussion(_ discussion: String) -> [String] {
        var lines: [String] = []
        var open: Container?
        for block in HelpLayout.blocks(of: discussion) {
            let kind = Container(block)
            if kind != open {
                if let closing = open?.closing { lines.append(closing) }
                if let opening = kind?.opening { lines.append(opening) }
                open = kind
            }
            switch block {
            case .prose(let words): lines.append(text(words.joined(separator: " ")))
            case .row(let term, let description, _):
                lines += [".It Sy \(macroSafe(term))", text(description.joined(separator: " "))]
            case .verbatim(let line): lines.append(literal(line.trimmingLeadingSpaces))
            case .blank: lines.append(".Pp")
            }
        }
        if let closing = open?.closing { lines.append(closing) }
        return lines.enumerated().filter { index, line in
            // mdoc wants no paragraph break right before a list or a display, nor at the end.
            line != ".Pp" || (index + 1 < lines.count && !lines[index + 1].hasPrefix(".B"))
        }.map(\.element)
    }

    /// What a run of discussion blocks sits in: a list of rows or a literal display.
    private enum Container {
        case list, display

        /// The container of a block, or nil for one that stands alone (prose, a paragraph break).
        init?(_ block: HelpLayout.Block) {
            switch block {
            case .row: self = .list
            case .verbatim: self = .display
            case .prose, .blank: return nil
            }
        }

        /// The request that opens it.
        var opening: String { self == .list ? ".Bl -tag -width Ds" : ".Bd -literal -offset indent" }
        /// The request that closes it.
        var closing: String { self == .list ? ".El" : ".Ed" }
    }

    /// A line of a literal display: escaped, never hyphenated (displays are not filled), kept from being read
    /// as a request.
    private static func literal(_ line: String) -> String {
        let text = characters(line)
        return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }

    /// ENVIRONMENT (from ``EnvironmentVariable/all``), EXIT STATUS and SEE ALSO.
    private static var trailer: [String] {
        var lines = [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for variable in EnvironmentVariable.all { lines += [".It Ev \(variable.name)", text(variable.help)] }
        return lines + [
            ".El", ".Sh EXIT STATUS", ".Bl -tag -width Ds",
            ".It 0", text("Success."), ".It 1", text("A failure: the input is wrong or the system refused."),
            ".It 64", text("The command line does not fit the subcommand (a usage error)."),
            ".It 130", text("Interrupted by Ctrl-C (SIGINT): the change in progress was rolled back or discarded."),
            ".It 143", text("Stopped by SIGTERM, with the same clean-up."),
            ".El", ".Sh SEE ALSO", ".Xr sqlite3 1",
        ]
    }

    /// Text lines, one per sentence as mdoc asks: backslashes escaped, characters outside ASCII spelled as
    /// `\[uXXXX]`, a path, an option or a name in code (`kiln.json`, `--root`, `KILN_ROOT`) kept whole (groff
    /// neither hyphenates it nor breaks it at its own hyphens), an abbreviation (`e.g.`) ending no sentence, and a
    /// leading `.` or `'` kept from being read as a request.
    ///
    /// - Returns: the lines, joined by newlines.
    static func text(_ line: String) -> String {
        var sentences: [[String]] = [[]]
        for word in HelpLayout.words(line) {
            sentences[sentences.count - 1].append(escaped(word))
            let end = word.trimmingCharacters(in: CharacterSet(charactersIn: ")'\""))
            let endsSentence = end.hasSuffix(".") || end.hasSuffix("?") || end.hasSuffix("!")
            if endsSentence && !abbreviations.contains(word) { sentences.append([]) }
        }
        return sentences.filter { !$0.isEmpty }.map { words in
            let line = words.joined(separator: " ")
            return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
        }.joined(separator: "\n")
    }

    /// Words whose final period ends no sentence; mdoc gets them with `\&` after it, so groff does not put a
    /// sentence's wider space after them either.
    static let abbreviations: Set<String> = ["e.g.", "i.e.", "etc.", "vs."]

    /// One word escaped: `\%` before a word in code (a long path may still break after a slash), `\&` after an
    /// abbreviation.
    private static func escaped(_ word: String) -> String {
        let text = characters(word)
        if abbreviations.contains(word) { return text + "\\&" }
        guard isCode(word) else { return text }
        // A path too long for a narrow page may break after a slash (`\:`, no hyphen shown), never inside a name.
        let breakable = word.count < longPath ? text : text.replacingOccurrences(of: "/", with: "/\\:")
        return "\\%" + (breakable.hasSuffix("\\:") ? String(breakable.dropLast(2)) : breakable)
    }

    /// The length from which a path may break after its slashes.
    static let longPath = 30

    /// Text with its backslashes escaped and its characters outside ASCII spelled as `\[uXXXX]`.
    private static func characters(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                escaped += "\\e"
            } else if scalar.isASCII {
                escaped.unicodeScalars.append(scalar)
            } else {
                escaped += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        return escaped
    }

    /// Whether a word is a path, an option, an assignment, a name from code or a hyphenated name (a rule,
    /// a tool), which a reader copies as it is.
    static func isCode(_ word: String) -> Bool {
        let core = word.trimmingCharacters(in: CharacterSet(charactersIn: "(\"'")).trimmingCharacters(
            in: CharacterSet(charactersIn: ".,;:)'\""))
        return core.contains { "-/._=<>$~".contains($0) }
    }

    /// A word for a macro line, its backslashes escaped and quotes kept from ending an argument.
    private static func macroSafe(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}

extension String {
    /// The string without the spaces it starts with.
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
