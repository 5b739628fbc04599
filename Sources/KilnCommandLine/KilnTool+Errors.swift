import Foundation
import Kiln
import KilnBuild

extension KilnTool {
    /// Prints a usage error with the usage line (exit 64), or any other error as diagnostics (exit 1). Under
    /// `--json` (seen in the raw `arguments`, since parsing may have failed), standard output also gets one
    /// JSON document with the diagnostics, unless the command already printed its own.
    static func report(_ error: any Error, arguments: [String], context: CommandContext) -> Int32 {
        if let error = error as? UsageError { return report(error, arguments: arguments, context: context) }
        context.report(error)
        printErrorDocument(.failed, status: failure, command: context.command, arguments: arguments, context: context)
        return failure
    }

    /// A first word that is no subcommand.
    static func unknownCommand(_ name: String) -> UsageError {
        let suggestion = Suggestion.closest(to: name, among: commands.map { $0.spec.name } + ["help"])
        let hint = suggestion.map { "did you mean '\($0)'?" }
        let message = name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown subcommand '\(name)'"
        return UsageError(message: message, hint: hint, command: nil)
    }

    /// Prints the line saying a signal stopped the command and what it left, and under `--json` the error
    /// document, unless the command printed its own.
    ///
    /// - Returns: the exit status, 128 plus the signal.
    static func reportInterrupt(
        _ number: Int32, outcome: String, command: String, context: CommandContext
    ) -> Int32 {
        let line = InterruptSignal.message(for: number, outcome: outcome)
        context.standardError(line)
        let status = InterruptSignal.exitStatus(for: number)
        let message = String(line.dropFirst("kiln: ".count).dropLast())
        context.diagnosticLog.record([Diagnostic(.error, message)])
        printErrorDocument(.interrupted, status: status, command: command, arguments: [], context: context)
        return status
    }

    /// Prints a usage error, its hint and the usage line of its command (or of kiln).
    private static func report(_ error: UsageError, arguments: [String], context: CommandContext) -> Int32 {
        let tool = error.command.map { "kiln \($0)" } ?? "kiln"
        let output = RawOutputRequest(arguments).settings(from: context)
        let diagnostic = Diagnostic(.error, error.message, hint: error.hint)
        var text = DiagnosticText(colors: output.colors).render(diagnostic, tool: tool) + "\n"
        if let name = error.command, let spec = commands.first(where: { $0.spec.name == name })?.spec {
            text += HelpFormatter.usage(of: spec, width: output.width, lead: "Usage: ")
            text += "  See 'kiln help \(name)' for more.\n"
        } else {
            text += "Usage: kiln <subcommand>\n  See 'kiln --help' for the subcommands.\n"
        }
        context.standardError(text)
        var annotating = context
        annotating.output = output
        annotating.annotate([diagnostic], title: tool)
        context.diagnosticLog.record([diagnostic])
        printErrorDocument(
            .usageError, status: usage, command: error.command ?? context.command, arguments: arguments,
            context: annotating)
        return usage
    }

    /// Under `--json`, prints the error document with everything the run reported, once: never after the
    /// command's own document.
    private static func printErrorDocument(
        _ outcome: ErrorDocument.Outcome, status: Int32, command: String?, arguments: [String],
        context: CommandContext
    ) {
        let log = context.diagnosticLog
        guard context.output.isJSON || log.documentRequested || RawOutputRequest(arguments).json,
            !log.documentPrinted
        else { return }
        let document = ErrorDocument(
            command: command, outcome: outcome, exitStatus: status, diagnostics: log.records)
        do { try context.printJSON(document) } catch { context.standardError("kiln: error: \(error)\n") }
    }
}
