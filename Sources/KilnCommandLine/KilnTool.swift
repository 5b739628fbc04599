import Foundation
import Kiln
import KilnBuild

/// The `kiln` program: picks the subcommand, parses its arguments, runs it and maps the outcome to an exit
/// status: 0 success, 1 failure, 64 usage error.
///
/// Output goes through two closures so tests can capture it; data goes to standard output, diagnostics and
/// progress to standard error.
public enum KilnTool {
    /// Exit status for success.
    public static let success: Int32 = 0
    /// Exit status for a failure the user's input caused or the system reported.
    public static let failure: Int32 = 1
    /// Exit status for a command line that does not fit (`EX_USAGE`).
    public static let usage: Int32 = 64

    static let commands: [any KilnCommand.Type] = [
        BuildCommand.self, CheckCommand.self, HashCommand.self, InstallCommand.self, MigrateCommand.self,
        SeedCommand.self, ResetCommand.self,
        StatusCommand.self,
        NewCommand.self,
        SchemaCommand.self,
    ]

    /// Runs kiln with `arguments` (without the program name).
    public static func run(
        _ arguments: [String], currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void
    ) -> Int32 {
        let specs = commands.map { $0.spec }
        guard let first = arguments.first else {
            standardError(HelpFormatter.rootHelp(commands: specs))
            return usage
        }
        switch first {
        case "--version":
            standardOutput(KilnVersion.current + "\n")
            return success
        case "-h", "--help":
            standardOutput(HelpFormatter.rootHelp(commands: specs))
            return success
        case "help":
            guard arguments.count > 1 else {
                standardOutput(HelpFormatter.rootHelp(commands: specs))
                return success
            }
            guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                return report(unknownCommand(arguments[1], specs: specs), standardError: standardError)
            }
            standardOutput(HelpFormatter.help(of: command.spec))
            return success
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            return report(unknownCommand(first, specs: specs), standardError: standardError)
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.flag("help") {
                standardOutput(HelpFormatter.help(of: command.spec))
                return success
            }
            let root =
                parsed.options["root"].map {
                    URL(fileURLWithPath: $0, relativeTo: currentDirectory).standardizedFileURL
                } ?? currentDirectory
            var context = CommandContext(root: root, standardOutput: standardOutput, standardError: standardError)
            context.absolutePaths = parsed.flag("absolute-paths")
            do {
                return try command.run(parsed, context: context)
            } catch let error as UsageError {
                return report(error, standardError: standardError)
            } catch {
                for diagnostic in ErrorRendering.diagnostics(for: error) { context.report(diagnostic) }
                return failure
            }
        } catch let error as UsageError {
            return report(error, standardError: standardError)
        } catch {
            for diagnostic in ErrorRendering.diagnostics(for: error) { standardError(diagnostic.formatted() + "\n") }
            return failure
        }
    }

    private static func unknownCommand(_ name: String, specs: [CommandSpec]) -> UsageError {
        let suggestion = Suggestion.closest(to: name, among: specs.map(\.name) + ["help"])
        let hint = suggestion.map { "did you mean '\($0)'?" }
        let message = name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown subcommand '\(name)'"
        return UsageError(message: message, hint: hint, command: nil)
    }

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
