import Foundation
import Kiln
import KilnBuild

extension KilnTool {
    /// Prints a usage error with the usage line (exit 64), or any other error as diagnostics (exit 1). Under
    /// `--json` or `--format sarif`, standard output also gets one document with the diagnostics, unless the
    /// command already printed its own. When parsing failed (no subcommand is running yet), what the output
    /// looks like is read from the raw `arguments` instead of the parsed options.
    static func report(_ error: any Error, arguments: [String], context: CommandContext) -> Int32 {
        var context = context
        if context.command == nil { context.output = RawOutputRequest(arguments).settings(from: context) }
        if let error = error as? UsageError { return report(error, context: context) }
        context.report(error)
        printErrorDocument(.failed, status: failure, command: context.command, context: context)
        return failure
    }

    /// A first word that is no subcommand.
    static func unknownCommand(_ name: String) -> UsageError {
        let suggestion = Suggestion.closest(to: name, among: subcommandNames)
        let common = CommonOptions.all.first { $0.spellings.contains(String(name.prefix { $0 != "=" })) }
        let hint =
            common.map { "common options go after the subcommand: kiln <subcommand> \(HelpFormatter.longLabel($0))" }
            ?? suggestion.map { "did you mean '\($0)'?" }
        let message = name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown subcommand '\(name)'"
        return UsageError(message: message, hint: hint, command: nil)
    }

    /// Reports that a signal stopped the command, how far it got (`progress`) and what it left, as an error
    /// diagnostic like any other (coloured, recorded, annotated), then under `--json` or `--format sarif` the
    /// error document, unless the command printed its own.
    ///
    /// - Returns: the exit status, 128 plus the signal.
    static func reportInterrupt(
        _ number: Int32, outcome: String, progress: String? = nil, command: String, context: CommandContext
    ) -> Int32 {
        context.reportSignal(
            Diagnostic(.error, InterruptSignal.message(for: number, outcome: outcome, after: progress)))
        let status = InterruptSignal.exitStatus(for: number)
        printErrorDocument(.interrupted, status: status, command: command, context: context)
        return status
    }

    /// Prints a usage error, its hint and the usage line of its command (or of kiln).
    private static func report(_ error: UsageError, context: CommandContext) -> Int32 {
        let tool = error.command.map { "kiln \($0)" } ?? "kiln"
        let diagnostic = Diagnostic(.error, error.message, hint: error.hint)
        var text = DiagnosticText(colors: context.output.colors).render(diagnostic, tool: tool) + "\n"
        if let name = error.command, let spec = commands.first(where: { $0.spec.name == name })?.spec {
            text += HelpFormatter.usage(of: spec, width: context.output.width, lead: "Usage: ")
            text += "  See 'kiln help \(name)' for more.\n"
        } else {
            text += "Usage: kiln <subcommand>\n  See 'kiln --help' for the subcommands.\n"
        }
        context.standardError(text)
        context.annotate([diagnostic], title: tool)
        context.diagnosticLog.record([diagnostic])
        printErrorDocument(.usageError, status: usage, command: error.command ?? context.command, context: context)
        return usage
    }

    /// Under `--json`, prints the error document with everything the run reported; under `--format sarif`, a
    /// SARIF log whose invocation failed. Once: never after the command's own document.
    private static func printErrorDocument(
        _ outcome: ErrorDocument.Outcome, status: Int32, command: String?, context: CommandContext
    ) {
        let log = context.diagnosticLog
        guard let document = context.output.document, !log.documentPrinted else { return }
        do {
            switch document {
            case .json:
                try context.printJSON(
                    ErrorDocument(command: command, outcome: outcome, exitStatus: status, diagnostics: log.records))
            case .sarif:
                try context.printJSON(
                    SarifLog.failure(log.diagnostics, root: context.root, workspace: context.output.workspace))
            }
        } catch {
            context.standardError("kiln: error: \(error)\n")
        }
    }
}
