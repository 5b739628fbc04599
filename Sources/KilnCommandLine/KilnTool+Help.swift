import Foundation
import Kiln

extension KilnTool {
    /// Runs what kiln answers itself before any subcommand: `--version`/`-v`, `-h`/`--help` and
    /// `help [--man] [<subcommand>]`.
    ///
    /// - Returns: the exit status, or nil when `first` is a subcommand's name (or unknown).
    static func runBuiltIn(_ first: String, _ rest: [String], context: CommandContext) -> Int32? {
        if versionOption.declaration.spellings.contains(first) {
            context.standardOutput(KilnVersion.current + "\n")
            return success
        }
        if CommonOptions.help.declaration.spellings.contains(first) {
            context.standardOutput(HelpFormatter.rootHelp(commands: allSpecs, width: context.output.width))
            return success
        }
        return first == helpSpec.name ? help(rest, context: context) : nil
    }

    /// `-v`, `--version`: kiln's version instead of a subcommand.
    static let versionOption = Option<Bool>(flag: "version", help: "Show the version.", shortName: "v")

    /// The options `kiln` answers itself in place of a subcommand, `-v/--version` and `-h/--help`, in the order
    /// root help lists them: the one declaration root help, the man page's synopsis, the completion scripts and
    /// ``runBuiltIn(_:_:context:)`` read.
    static let builtInOptions = [versionOption.declaration, CommonOptions.help.declaration]

    /// Every subcommand's spec in the order help lists them, `help` included: the one source of help, the man
    /// page and the completion scripts.
    static var allSpecs: [CommandSpec] {
        var specs = commands.map { $0.spec }
        specs.insert(helpSpec, at: specs.firstIndex { $0.group == .kiln } ?? specs.endIndex)
        return specs
    }

    /// Every subcommand's name, `help` included, in help's order (see ``allSpecs``).
    static var subcommandNames: [String] { allSpecs.map(\.name) }

    /// The name of `kiln help`, the one subcommand kiln answers itself.
    static let helpName = "help"

    /// `kiln help [--man] [<subcommand>]`, which kiln answers itself and which takes no common option.
    static var helpSpec: CommandSpec {
        // Not `subcommandNames`: allSpecs is made from this spec.
        let names = commands.map { $0.spec.name } + [helpName]
        return CommandSpec(
            name: helpName, abstract: "Shows kiln's help, or one subcommand's.",
            discussion: "'kiln help <subcommand>' prints the same text as 'kiln <subcommand> --help'.",
            arguments: [subcommand.completing(.choices(names)).declaration],
            options: [man.declaration, markdown.declaration],
            group: .kiln, takesCommonOptions: false)
    }

    /// `kiln help`'s `<subcommand>`.
    static let subcommand = Argument<String?>(
        name: "subcommand", help: "The subcommand to describe (default: all of them).")
    /// `kiln help --man`.
    static let man = Option<Bool>(flag: "man", help: "Print kiln's manual page (man(7) mdoc) instead.")
    /// `kiln help --markdown`, hidden: the command reference in Markdown (`docs/cli-reference.md`).
    static let markdown = Option<Bool>(
        flag: "markdown", help: "Print the command reference in Markdown (docs/cli-reference.md) instead."
    )
    .hidden()

    /// `kiln help [--man] [<subcommand>]`.
    private static func help(_ arguments: [String], context: CommandContext) -> Int32 {
        if arguments.contains(where: CommonOptions.help.declaration.spellings.contains) {
            return help([helpName], context: context)
        }
        let parsed: ParsedArguments
        do {
            guard
                case .run(let arguments) = try ArgumentParser.parse(
                    arguments, spec: helpSpec, currentDirectory: context.root)
            else { return success }
            parsed = arguments
        } catch {
            return report(error, arguments: arguments, context: context)
        }
        if let name = parsed[subcommand], !allSpecs.contains(where: { $0.name == name }) {
            return report(unknownCommand(name), arguments: [], context: context)
        }
        if let whole = wholeReference(parsed) {
            if let name = parsed[subcommand] {
                let error = UsageError(
                    message: "'kiln help --\(whole.option)' prints the whole \(whole.what) and takes no subcommand",
                    hint: "for \(name)'s help: 'kiln help \(name)'", command: nil)
                return report(error, arguments: arguments, context: context)
            }
            context.standardOutput(whole.render(allSpecs))
            return success
        }
        guard let spec = allSpecs.first(where: { $0.name == parsed[subcommand] }) else {
            context.standardOutput(HelpFormatter.rootHelp(commands: allSpecs, width: context.output.width))
            return success
        }
        context.standardOutput(HelpFormatter.help(of: spec, width: context.output.width))
        return success
    }

    /// What `kiln help --man` or `--markdown` prints: the option's name, what the text is, and its renderer; nil for
    /// help itself. With both, the manual.
    private static func wholeReference(_ parsed: ParsedArguments)
        -> (option: String, what: String, render: ([CommandSpec]) -> String)?
    {
        if parsed[man] { return (man.name, "manual", ManPage.render(commands:)) }
        if parsed[markdown] { return (markdown.name, "reference", MarkdownReference.render(commands:)) }
        return nil
    }
}
