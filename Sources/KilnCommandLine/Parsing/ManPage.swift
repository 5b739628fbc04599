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
            lines += [".Ss " + title(of: group), ".Bl -tag -width Ds"]
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
        if spec.takesCommonOptions { lines.append(".Op Ar common options") }
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

    /// A discussion's blocks: prose as text, `term  description` rows as a list, other indented lines as a
    /// literal display, empty lines as paragraph breaks.
    private static func discussion(_ discussion: String) -> [String] {
        var lines: [String] = []
        var inList = false
        for block in HelpLayout.blocks(of: discussion) {
            let isRow = if case .row = block { true } else { false }
            if isRow != inList { lines.append(isRow ? ".Bl -tag -width Ds" : ".El") }
            inList = isRow
            switch block {
            case .prose(let words): lines.append(text(words.joined(separator: " ")))
            case .row(let term, let description, _):
                lines += [".It Sy \(macroSafe(term))", text(description.joined(separator: " "))]
            case .verbatim(let line): lines += [".Bd -literal -offset indent", text(line.trimmingLeadingSpaces), ".Ed"]
            case .blank: lines.append(".Pp")
            }
        }
        if inList { lines.append(".El") }
        return lines.enumerated().filter { index, line in
            // mdoc wants no paragraph break right before a list or a display, nor at the end.
            line != ".Pp" || (index + 1 < lines.count && !lines[index + 1].hasPrefix(".B"))
        }.map(\.element)
    }

    /// ENVIRONMENT (from ``EnvironmentVariable/all``), EXIT STATUS and SEE ALSO.
    private static var trailer: [String] {
        var lines = [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for variable in EnvironmentVariable.all { lines += [".It Ev \(variable.name)", text(variable.help)] }
        return lines + [
            ".El", ".Sh EXIT STATUS", ".Bl -tag -width Ds",
            ".It 0", text("Success."), ".It 1", text("A failure: the input is wrong or the system refused."),
            ".It 64", text("The command line does not fit the subcommand (a usage error)."),
            ".El", ".Sh SEE ALSO", ".Xr sqlite3 1",
        ]
    }

    /// A group's title in title case, e.g. `Write migrations`.
    private static func title(of group: CommandGroup) -> String {
        let lower = group.rawValue.lowercased()
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// Text lines, one per sentence as mdoc asks: backslashes escaped, characters outside ASCII spelled as
    /// `\[uXXXX]`, and a leading `.` or `'` kept from being read as a request.
    ///
    /// - Returns: the lines, joined by newlines.
    static func text(_ line: String) -> String {
        var sentences: [[String]] = [[]]
        for word in HelpLayout.words(line) {
            sentences[sentences.count - 1].append(word)
            let end = word.trimmingCharacters(in: CharacterSet(charactersIn: ")'\""))
            if end.hasSuffix(".") || end.hasSuffix("?") || end.hasSuffix("!") {
                sentences.append([])
            }
        }
        return sentences.filter { !$0.isEmpty }.map { escaped($0.joined(separator: " ")) }.joined(separator: "\n")
    }

    /// One text line escaped.
    private static func escaped(_ line: String) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            if scalar == "\\" {
                text += "\\e"
            } else if scalar.isASCII {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
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
