import Foundation
import Kiln
import KilnBuild

/// The `kiln` program: picks the subcommand, parses its arguments, runs it and maps the outcome to an exit
/// status: 0 success, 1 failure, 64 usage error.
///
/// Output goes through two closures so tests can capture it; data goes to standard output, diagnostics and
/// progress to standard error. Everything a command touches is relative to `currentDirectory`, never the
/// process's folder, so tests can run commands in-process, in parallel, each in its own folder.
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
        PlanCommand.self,
        SchemaCommand.self,
        ImportCommand.self,
    ]

    /// Runs kiln.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - currentDirectory: the folder relative paths (`--db`, `--root`, `--out`...) are resolved against.
    ///   - standardOutput: receives data.
    ///   - standardError: receives diagnostics and progress.
    ///   - standardErrorIsTerminal: whether standard error is a terminal, where progress may redraw a line.
    ///   - environment: the environment variables commands read (`SOURCE_DATE_EPOCH`).
    /// - Returns: the exit status.
    public static func run(
        _ arguments: [String], currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void,
        standardErrorIsTerminal: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment
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
            return help(for: arguments.dropFirst().first, standardOutput: standardOutput, standardError: standardError)
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            return report(unknownCommand(first), standardError: standardError)
        }
        var context = CommandContext(
            root: currentDirectory, standardOutput: standardOutput, standardError: standardError,
            standardErrorIsTerminal: standardErrorIsTerminal)
        context.environment = environment
        return run(command, Array(arguments.dropFirst()), currentDirectory: currentDirectory, context: context)
    }

    /// `kiln help [<subcommand>]`.
    private static func help(
        for name: String?, standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> Int32 {
        guard let name else {
            standardOutput(HelpFormatter.rootHelp(commands: commands.map { $0.spec }))
            return success
        }
        if name == "help" {
            standardOutput(helpOfHelp)
            return success
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            return report(unknownCommand(name), standardError: standardError)
        }
        standardOutput(HelpFormatter.help(of: command.spec))
        return success
    }

    /// What `kiln help help` prints: `help` takes one optional argument and none of the common options.
    static let helpOfHelp = """
        OVERVIEW: Shows kiln's help, or one subcommand's.

        USAGE: kiln help [<subcommand>]

        ARGUMENTS:
          <subcommand>          The subcommand to describe (default: all of them).

        """
    /// Parses a subcommand's arguments and runs it, or prints its help.
    private static func run(
        _ command: any KilnCommand.Type, _ arguments: [String], currentDirectory: URL, context: CommandContext
    ) -> Int32 {
        let parsed: ParsedArguments
        do {
            switch try ArgumentParser.parse(arguments, spec: command.spec, currentDirectory: currentDirectory) {
            case .help:
                context.standardOutput(HelpFormatter.help(of: command.spec))
                return success
            case .run(let arguments):
                parsed = arguments
            }
        } catch {
            return report(error, context: context)
        }
        var context = context
        context.root = parsed[CommonOptions.root]?.folderURL ?? currentDirectory
        context.absolutePaths = parsed[CommonOptions.absolutePaths]
        do {
            let status = try command.run(parsed, context: context)
            return stopped(command, parsed, orFinishedWith: status, context: context)
        } catch {
            // After a signal the error only says "interrupted": the one line below says it better.
            if InterruptSignal.shared.received != nil {
                return stopped(command, parsed, orFinishedWith: failure, context: context)
            }
            return report(error, context: context)
        }
    }

    /// A command that failed after a signal exits 128 plus the signal, with one line saying what was kept.
    private static func stopped(
        _ command: any KilnCommand.Type, _ arguments: ParsedArguments, orFinishedWith status: Int32,
        context: CommandContext
    ) -> Int32 {
        guard status != success, let number = InterruptSignal.shared.received else { return status }
        let outcome = command.interruptedOutcome(arguments, context: context)
        context.standardError(InterruptSignal.message(for: number, outcome: outcome))
        return InterruptSignal.exitStatus(for: number)
    }

    /// Lets Ctrl-C and `SIGTERM` stop a command cleanly (see ``run(_:currentDirectory:standardOutput:standardError:standardErrorIsTerminal:environment:)``):
    /// the `kiln` executable calls this once before it runs; in-process callers need not.
    public static func installInterruptHandlers() {
        InterruptSignal.shared.install()
    }

    /// Prints a usage error with the usage line (exit 64), or any other error as diagnostics (exit 1).
    private static func report(_ error: any Error, context: CommandContext) -> Int32 {
        if let error = error as? UsageError { return report(error, standardError: context.standardError) }
        context.report(error)
        return failure
    }

    /// A first word that is no subcommand.
    private static func unknownCommand(_ name: String) -> UsageError {
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
