import Foundation
import Kiln

/// What a fleet run prints as it goes: a line per file on standard output (text, or one JSON object under
/// `--json`; under `--quiet`, text lines only for failures), the diagnostics of each file that failed, was
/// refused or stayed busy on standard error (named by the file), the progress line on a terminal, and at the
/// end the summary. It keeps two counters, never the results.
struct MigrateFleetReport {
    /// The text of lines and summary.
    let text: MigrateFleetText
    /// The files the run will take (of its shard), for the progress line; counted only when there is one.
    let total: Int?
    /// Where output goes.
    let context: CommandContext
    /// Files that have a result.
    private(set) var finished = 0
    /// Files whose outcome makes the run fail.
    private(set) var failures = 0

    /// A report for one run.
    init(
        database: String, pattern: FleetPatternPath, shard: FleetShard?, fleet: FleetMigrator, total: Int?,
        context: CommandContext
    ) {
        text = MigrateFleetText(
            database: database, pattern: pattern, shard: shard, dryRun: fleet.dryRun, busyAttempts: fleet.busyAttempts,
            busyTimeoutMilliseconds: fleet.busyTimeoutMilliseconds)
        self.total = total
        self.context = context
        showProgress()
    }

    /// Prints one file's result and moves the progress line on.
    mutating func add(_ result: FleetFileResult) {
        finished += 1
        if result.outcome.isFailure { failures += 1 }
        // After a signal a failure only says the run was interrupted: the interrupt line says it once.
        if !(result.outcome.isFailure && context.interruption() != nil) { print(result) }
        showProgress()
    }

    /// Draws `migrating 1,234 of 10,000 · 3 failed` on the progress line, when there is one.
    private func showProgress() {
        guard let progress = context.progress, let total else { return }
        progress.show(MigrateFleetText.progress(finished: finished, of: total, failures: failures))
    }

    /// The line (or JSON object) of one result, and the diagnostics of a failure.
    private func print(_ result: FleetFileResult) {
        if context.output.isJSON {
            let diagnostics = context.withNotes(text.diagnostics(for: result, namingFile: false))
            let record = result.outcome.isFailure ? DiagnosticRecord.records(of: diagnostics).first : nil
            printLine(FleetFileLine(result, shownAs: text.pattern.shown(result.file), diagnostic: record))
        } else if result.outcome.isFailure || !context.output.isQuiet {
            context.standardOutput(text.line(for: result) + "\n")
        }
        if result.outcome.isFailure { context.reportUnrecorded(context.withNotes(text.diagnostics(for: result))) }
    }

    /// Prints the summary: text lines, or the closing JSON object.
    func finish(_ summary: FleetSummary) throws {
        context.progress?.clear()
        guard context.output.isJSON else {
            for line in text.summary(summary) { context.standardOutput(line + "\n") }
            return
        }
        try context.printJSON(FleetSummaryDocument(summary, text: text, diagnostics: context.diagnosticLog.records))
    }

    /// Ends a run that `signal` stopped: under `--json` the closing object with the figures so far; the
    /// interrupt line itself is ``KilnTool``'s, with the words returned.
    ///
    /// - Returns: the interruption to throw, saying how far the run got and what it left.
    func interrupted(_ summary: FleetSummary, signal: Int32) throws -> CommandInterrupted {
        context.progress?.clear()
        let interruption = CommandInterrupted(
            // Every file the walk listed either has a result or was not started (the rest of the walk is counted).
            signal: signal, progress: text.interruptedProgress(summary, of: summary.fileCount + summary.notStarted),
            outcome: MigrateFleet.interruptedOutcome(dryRun: text.dryRun))
        if context.output.isJSON {
            // The interrupt line is reported after this document, which must list it like any error document.
            let records = DiagnosticRecord.records(of: context.withNotes([interruption.diagnostic]))
            try context.printJSON(
                FleetSummaryDocument(
                    summary, text: text, diagnostics: context.diagnosticLog.records + records, interruptedBy: signal))
        }
        return interruption
    }

    /// Says that this shard holds none of the `overall` files the pattern names, which is fine.
    func finishEmptyShard(overall: Int) throws {
        context.progress?.clear()
        guard context.output.isJSON else {
            context.standardOutput(text.emptyShard(overall: overall) + "\n")
            return
        }
        try context.printJSON(
            FleetSummaryDocument(FleetSummary(), text: text, diagnostics: context.diagnosticLog.records))
    }

    /// One compact JSON object on a line of its own; an object that cannot be encoded is said on standard
    /// error (it never happens: every field is a plain value).
    private func printLine(_ line: FleetFileLine) {
        do {
            context.standardOutput(try context.jsonText(line) + "\n")
        } catch {
            context.standardError("kiln: error: \(error)\n")
        }
    }
}

extension CommandContext {
    /// Prints diagnostics on standard error as ``report(_:)-([Diagnostic])`` does (colour, paths shown from the
    /// current folder, GitHub Actions annotations), without recording them for the closing `--json` document:
    /// a fleet's per-file failures are in the per-file lines, and the run's memory must not grow with them.
    /// Nothing is printed after a signal.
    func reportUnrecorded(_ located: [Diagnostic]) {
        guard interruption() == nil, !located.isEmpty else { return }
        let text = DiagnosticText(colors: output.colors)
        for diagnostic in located.map(shownFromCurrentFolder) { standardError(text.render(diagnostic) + "\n") }
        annotate(located)
    }
}
