import Foundation
import Kiln
import KilnBuild

extension KilnTool {
    /// Prints a usage error with the usage line (exit 64), or any other error as diagnostics (exit 1).
    static func report(_ error: any Error, arguments: [String], context: CommandContext) -> Int32 {
        if let error = error as? UsageError { return report(error, standardError: context.standardError) }
        context.report(error)
        return failure
    }

    /// A first word that is no subcommand.
    static func unknownCommand(_ name: String) -> UsageError {
        let suggestion = Suggestion.closest(to: name, among: commands.map { $0.spec.name } + ["help"])
        let hint = suggestion.map { "did you mean '\($0)'?" }
        let message = name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown subcommand '\(name)'"
        return UsageError(message: message, hint: hint, command: nil)
    }

    /// Prints a usage error, its hint and the usage line of its command (or of kiln).
    private static func report(_ error: UsageError, standardError: (String) -> Void) -> Int32 {
        let tool = error.command.map { "kiln \($0)" } ?? "kiln"
        var text = "\(tool): error: \(error.message)\n"
        if let hint = error.hint { text += "\(tool): note: \(hint)\n" }
        if let name = error.command, let spec = commands.first(where: { $0.spec.name == name })?.spec {
            text += "Usage: \(HelpFormatter.usage(of: spec))\n  See 'kiln help \(name)' for more.\n"
        } else {
            text += "Usage: kiln <subcommand>\n  See 'kiln --help' for the subcommands.\n"
        }
        standardError(text)
        return usage
    }
}
