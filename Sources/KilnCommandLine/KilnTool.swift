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
        InitCommand.self, NewCommand.self, PlanCommand.self, ImportCommand.self,
        BuildCommand.self, SeedCommand.self, CheckCommand.self, HashCommand.self,
        StatusCommand.self, SchemaCommand.self, GenerateCommand.self,
        MigrateCommand.self, ResetCommand.self, InstallCommand.self,
        VersionCommand.self, CompletionsCommand.self,
    ]

    /// Runs kiln.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - currentDirectory: the folder relative paths (`--db`, `--root`, `--out`...) are resolved against.
    ///   - standardOutput: receives data.
    ///   - standardError: receives diagnostics and progress.
    ///   - standardErrorIsTerminal: whether standard error is a terminal, where progress may redraw a line.
    ///   - terminalWidth: the columns of the terminal kiln runs in, if any; help wraps to it unless `COLUMNS` is set.
    ///   - environment: the environment variables commands read (`SOURCE_DATE_EPOCH`).
    ///   - progressTerminal: the width of the terminal progress is drawn on and how often it may be redrawn.
    ///   - interruption: the first signal received, if any; nil reads the process's (see
    ///     ``installInterruptHandlers()``). Tests pass their own to see what a command does after a signal.
    /// - Returns: the exit status.
    public static func run(
        _ arguments: [String], currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void,
        standardErrorIsTerminal: Bool = false, terminalWidth: Int? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        progressTerminal: ProgressTerminal = ProgressTerminal(), interruption: (@Sendable () -> Int32?)? = nil
    ) -> Int32 {
        var context = CommandContext(
            root: currentDirectory, standardOutput: standardOutput, standardError: standardError,
            standardErrorIsTerminal: standardErrorIsTerminal)
        context.environment = environment
        context.currentDirectory = currentDirectory
        context.progressTerminal = progressTerminal
        if let interruption { context.interruption = interruption }
        context.output = OutputSettings(environment: environment, terminalWidth: terminalWidth)
        guard let first = arguments.first else {
            standardError(HelpFormatter.rootHelp(commands: allSpecs, width: context.output.width))
            return usage
        }
        if let status = runBuiltIn(first, Array(arguments.dropFirst()), context: context) { return status }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            return report(unknownCommand(first), arguments: arguments, context: context)
        }
        return run(command, Array(arguments.dropFirst()), currentDirectory: currentDirectory, context: context)
    }

    /// Parses a subcommand's arguments and runs it, or prints its help.
    private static func run(
        _ command: any KilnCommand.Type, _ arguments: [String], currentDirectory: URL, context: CommandContext
    ) -> Int32 {
        let parsed: ParsedArguments
        do {
            switch try ArgumentParser.parse(arguments, spec: command.spec, currentDirectory: currentDirectory) {
            case .help:
                context.standardOutput(HelpFormatter.help(of: command.spec, width: context.output.width))
                return success
            case .run(let arguments):
                parsed = arguments
            }
        } catch {
            return report(error, arguments: arguments, context: context)
        }
        var context = context
        context.command = command.spec.name
        context.absolutePaths = parsed[CommonOptions.absolutePaths]
        context.output.apply(
            color: parsed[CommonOptions.color], quiet: parsed[CommonOptions.quiet],
            document: OutputDocument.requested(by: parsed),
            environment: context.environment, standardErrorIsTerminal: context.standardErrorIsTerminal)
        context.output.isJSONLines = RawOutputRequest(arguments).asksForJSONLines
        if context.output.showsProgress {
            context.progress = ProgressLine(write: context.standardError, terminal: context.progressTerminal)
        }
        do {
            try ProjectDiscovery.findRoot(
                of: command.spec, explicit: parsed[CommonOptions.root]?.folderURL, currentDirectory: currentDirectory,
                context: &context)
        } catch {
            return report(error, arguments: arguments, context: context)
        }
        // One place for every command: the progress line is erased before kiln exits, however the command ends
        // (what it prints after the line erases it first, see CommandContext.standardOutput).
        defer { context.progress?.clear() }
        do {
            let status = try command.run(parsed, context: context)
            return stopped(command, parsed, orFinishedWith: status, context: context)
        } catch {
            // After a signal the error only says "interrupted": the one line below says it better.
            if context.interruption() != nil {
                return stopped(
                    command, parsed, orFinishedWith: failure, saying: error as? CommandInterrupted, context: context)
            }
            return report(error, arguments: arguments, context: context)
        }
    }

    /// A command that failed after a signal exits 128 plus the signal, with one line saying what was kept: the
    /// words of the ``CommandInterrupted`` it threw, when it gave them, else its ``KilnCommand/interruptedOutcome(_:context:)``.
    private static func stopped(
        _ command: any KilnCommand.Type, _ arguments: ParsedArguments, orFinishedWith status: Int32,
        saying interruption: CommandInterrupted? = nil, context: CommandContext
    ) -> Int32 {
        guard status != success, let number = context.interruption() else { return status }
        let outcome = interruption?.outcome ?? command.interruptedOutcome(arguments, context: context)
        return reportInterrupt(
            number, outcome: outcome, progress: interruption?.progress, command: command.spec.name, context: context)
    }

    /// Lets Ctrl-C and `SIGTERM` stop a command cleanly (see ``run(_:currentDirectory:standardOutput:standardError:standardErrorIsTerminal:terminalWidth:environment:progressTerminal:interruption:)``):
    /// the `kiln` executable calls this once before it runs; in-process callers need not.
    public static func installInterruptHandlers() {
        InterruptSignal.shared.install()
    }
}
