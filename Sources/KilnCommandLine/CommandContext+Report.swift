import Foundation
import Kiln
import KilnBuild

extension CommandContext {
    /// Prints a diagnostic on standard error (coloured when the run allows colour, its path shown from the
    /// current folder), records it for the run's `--json` document (its path relative to the root, or absolute),
    /// and under GitHub Actions also prints it as a workflow command.
    func report(_ diagnostic: Diagnostic) {
        report([diagnostic])
    }

    /// Prints an error's diagnostics on standard error, worded for the command line.
    func report(_ error: any Error) {
        report(ErrorRendering.diagnostics(for: error))
    }

    /// Prints diagnostics that belong together (an error and its notes) as ``report(_:)-(Diagnostic)`` does.
    ///
    /// Once a signal was received, nothing is printed, recorded or annotated: whatever fails from then on
    /// fails because SQLite was interrupted (`SQLITE_INTERRUPT`, often wrapped, or only its text kept in a
    /// check finding), at whatever row or statement was running, and the one line ``reportSignal(_:)`` prints
    /// says what happened instead.
    func report(_ diagnostics: [Diagnostic]) {
        guard interruption() == nil else { return }
        reportAlways(diagnostics)
    }

    /// Prints the line that says a signal stopped the command, as any error (coloured, recorded, annotated).
    func reportSignal(_ diagnostic: Diagnostic) {
        reportAlways([diagnostic])
    }

    /// Throws when a signal was received, so that a command prints neither its own `--json` document nor its
    /// summary (which would describe work cut short) and ends the way every interrupted command does.
    ///
    /// - Throws: ``CommandInterrupted``.
    func stopIfInterrupted() throws {
        if let number = interruption() { throw CommandInterrupted(signal: number) }
    }

    /// ``report(_:)-([Diagnostic])`` without the interrupt guard.
    private func reportAlways(_ diagnostics: [Diagnostic]) {
        progress?.clear()
        let text = DiagnosticText(colors: output.colors)
        let located = withNotes(diagnostics)
        for diagnostic in located.map(shownFromCurrentFolder) { standardError(text.render(diagnostic) + "\n") }
        diagnosticLog.record(located)
        annotate(located)
    }

    /// Records diagnostics a command's `--json` document lists itself, without printing their text; under
    /// GitHub Actions they are still printed as workflow commands (`kiln check --json`).
    ///
    /// - Returns: the records logged, each with the diagnostic it starts from, paths relative to the root (or
    ///   absolute), so a document that lists them in another shape too derives it from the same values.
    @discardableResult
    func recordWithoutText(_ diagnostics: [Diagnostic]) -> [DiagnosticRecord.Origin] {
        guard interruption() == nil else { return [] }
        let located = withNotes(diagnostics)
        diagnosticLog.record(located)
        annotate(located)
        return DiagnosticRecord.origins(of: located)
    }

    /// The diagnostics as printed: paths absolute under `--absolute-paths`, and the double-quoted identifier
    /// note after an error it explains.
    func withNotes(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let base = absolutePaths ? root : nil
        return diagnostics.flatMap { diagnostic in
            let note = DoubleQuotedIdentifierNote.note(for: diagnostic, root: root)
            return [Self.located(diagnostic, root: base)] + (note.map { [Self.located($0, root: base)] } ?? [])
        }
    }

    /// Under GitHub Actions, prints the diagnostics as workflow commands on standard error.
    ///
    /// - Parameters:
    ///   - diagnostics: what to print, an error and its notes together, paths relative to the root (or absolute).
    ///   - title: the annotation's title (`kiln`, `kiln migrate`); a rule's id is added to it.
    func annotate(_ diagnostics: [Diagnostic], title: String = "kiln") {
        guard output.githubActions else { return }
        let prefix = WorkflowCommand.workspacePrefix(of: output.workspace)
        for record in DiagnosticRecord.records(of: diagnostics) {
            let file = record.file.map { WorkflowCommand.repositoryPath($0, root: root, workspacePrefix: prefix) }
            standardError(WorkflowCommand.line(for: record, file: file, title: title) + "\n")
        }
    }

    /// The diagnostic with its path made absolute against `root` when one is given.
    static func located(_ diagnostic: Diagnostic, root: URL?) -> Diagnostic {
        guard let root, let location = diagnostic.location, !location.path.hasPrefix("/") else {
            return diagnostic
        }
        let rooted = SourceLocation(
            path: absolute(location.path, against: root), line: location.line, column: location.column)
        return Diagnostic(
            diagnostic.severity, diagnostic.message, at: rooted, hint: diagnostic.hint, code: diagnostic.code)
    }
}

/// A command saw that a signal was received before it printed its document or summary; `KilnTool` reports the
/// signal instead.
struct CommandInterrupted: Error, CustomStringConvertible {
    /// The signal received.
    let signal: Int32
    /// How far the command got, said after the signal's name (`after 4,000 of 10,000 files`), when it knows.
    var progress: String? = nil
    /// What the command left, when it says so itself instead of its ``KilnCommand/interruptedOutcome(_:context:)``.
    var outcome: String? = nil

    /// The interrupt line, when the command gave its outcome.
    var diagnostic: Diagnostic {
        Diagnostic(.error, InterruptSignal.message(for: signal, outcome: outcome ?? "", after: progress))
    }

    var description: String { "interrupted by signal \(signal)" }
}
