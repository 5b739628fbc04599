import Foundation
import Kiln

extension KilnTool {
    /// Runs what kiln answers itself before any subcommand: `--version`, `-h`/`--help`, `help [<subcommand>]`.
    ///
    /// - Returns: the exit status, or nil when `first` is a subcommand's name (or unknown).
    static func runBuiltIn(_ first: String, _ rest: [String], context: CommandContext) -> Int32? {
        switch first {
        case "--version":
            context.standardOutput(KilnVersion.current + "\n")
            return success
        case "-h", "--help":
            context.standardOutput(HelpFormatter.rootHelp(commands: commands.map { $0.spec }, width: context.output.width))
            return success
        case "help":
            return help(for: rest.first, context: context)
        default:
            return nil
        }
    }

    /// `kiln help [<subcommand>]`.
    private static func help(
        for name: String?, context: CommandContext
    ) -> Int32 {
        guard let name else {
            context.standardOutput(HelpFormatter.rootHelp(commands: commands.map { $0.spec }, width: context.output.width))
            return success
        }
        if name == "help" {
            context.standardOutput(helpOfHelp)
            return success
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            return report(unknownCommand(name), arguments: [], context: context)
        }
        context.standardOutput(HelpFormatter.help(of: command.spec, width: context.output.width))
        return success
    }

    /// What `kiln help help` prints: `help` takes one optional argument and none of the common options.
    static let helpOfHelp = """
        OVERVIEW: Shows kiln's help, or one subcommand's.

        USAGE: kiln help [<subcommand>]

        ARGUMENTS:
          <subcommand>          The subcommand to describe (default: all of them).

        """
}
