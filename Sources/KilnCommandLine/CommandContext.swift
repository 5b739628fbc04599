import Foundation
import Kiln
import KilnBuild

/// What a running command sees of the world: its project root and where its output goes. Paths on its
/// command line arrive resolved (``CommandLinePath``), so a command never looks at the process's folder.
public struct CommandContext {
    /// The project root (`--root`, else `KILN_ROOT`, else the nearest folder at or above the current one
    /// holding a project; see ``ProjectDiscovery``).
    public var root: URL
    /// What the project's relative paths are prefixed with when shown: empty, or the way from the current
    /// folder to a root found above it or named by `KILN_ROOT` (`../../`, `../broken/`), so a diagnostic's path
    /// opens from where kiln runs.
    public var rootPrefix = ""
    /// The folder the command runs in, which a path from the environment (`KILN_DATABASE`) is relative to, as
    /// the command line's paths are.
    public var currentDirectory: URL
    /// Why no project was found at or above the current folder, thrown by ``project(requiringMigrations:)``.
    var projectNotFound: KilnProjectRootError?
    private let writeOutput: (String) -> Void
    private let writeError: (String) -> Void
    /// Whether standard error is a terminal, where progress may redraw a line.
    public let standardErrorIsTerminal: Bool
    /// The environment the command sees (the process's, or a test's).
    public var environment: [String: String] = [:]
    /// Whether diagnostics name files by absolute path (`--absolute-paths`), for build systems that annotate them.
    public var absolutePaths = false
    /// Colour, progress, quiet, JSON, GitHub Actions and width, decided once for the run.
    public var output = OutputSettings()
    /// The progress line slow commands redraw, present only when ``output`` shows progress. Every diagnostic
    /// erases it first, so a diagnostic always starts on a fresh line; so does every line printed through
    /// ``standardOutput`` or ``standardError``. The next progress report draws it again at once. It is cut to
    /// the terminal's own width (``progressTerminal``), else ``output``'s.
    var progress: ProgressLine? {
        didSet { progress?.width = output.width }
    }
    /// The terminal a progress line is drawn on: its own width and the least time between draws.
    var progressTerminal = ProgressTerminal()
    /// The subcommand running (`build`), for the `--json` error document; nil before one is known.
    var command: String?
    /// What the run has reported, shared by every copy of the context (see ``DiagnosticLog``).
    let diagnosticLog = DiagnosticLog()
    /// The first signal received (Ctrl-C, `SIGTERM`), if any: the process's ``InterruptSignal``, or a test's
    /// stand-in, so what a command prints after a signal can be tested in-process.
    var interruption: @Sendable () -> Int32? = { InterruptSignal.shared.received }

    /// A context whose data goes to `standardOutput` and diagnostics and progress to `standardError`.
    public init(
        root: URL, standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void,
        standardErrorIsTerminal: Bool
    ) {
        self.root = root
        self.currentDirectory = root
        self.writeOutput = standardOutput
        self.writeError = standardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// Data: what the user asked for. The progress line, if drawn, is erased first (both streams are often
    /// the same terminal).
    public var standardOutput: (String) -> Void {
        Self.erasingProgress(progress, then: writeOutput)
    }

    /// Diagnostics and progress. The progress line, if drawn, is erased first.
    public var standardError: (String) -> Void {
        Self.erasingProgress(progress, then: writeError)
    }

    /// `write`, erasing `progress` first, with no redraw in between.
    private static func erasingProgress(_ progress: ProgressLine?, then write: @escaping (String) -> Void) -> (
        String
    ) -> Void {
        guard let progress else { return write }
        return { text in progress.printAbove { write(text) } }
    }

    /// Prints an informational line (`kiln: waiting for another build…`) on standard error, unless `--quiet`.
    func inform(_ line: String) {
        guard !output.isQuiet else { return }
        standardError(line + "\n")
    }

    /// Prints a `--json` document on standard output: pretty, keys sorted, one final newline (compact on one line
    /// under JSON Lines, ``OutputSettings/isJSONLines``). A signal does not
    /// stop it: a command whose work was done before the signal prints its document as it would its text, and
    /// one that failed calls ``stopIfInterrupted()`` before, so the run ends with the interrupt document.
    ///
    /// - Throws: the encoder's error, if the document cannot be encoded.
    func printJSON<Document: Encodable>(_ document: Document) throws {
        printDocument(try jsonText(document) + "\n")
    }

    /// A value as this run writes JSON: keys sorted, slashes bare; one compact line under JSON Lines, else
    /// pretty. Without its newline.
    ///
    /// - Throws: the encoder's error, if the value cannot be encoded.
    func jsonText<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            output.isJSONLines
            ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Prints a document already rendered (`kiln schema --format json`) on standard output and notes that the
    /// run has printed its one document, so a later failure never prints a second.
    func printDocument(_ text: String) {
        standardOutput(text)
        diagnosticLog.documentPrinted = true
    }

    /// Opens the project at ``root``, which must be a folder holding `migrations/`, or, when
    /// `requiringMigrations` is false (`kiln new` and `kiln import` create the first database's folder), at
    /// least `kiln.json` or `migrations/`: only `kiln init` starts a project.
    ///
    /// - Returns: the project, its `kiln.json` read.
    /// - Throws: ``KilnProjectRootError`` for a root that is not a project, the configuration's error when
    ///   `kiln.json` is invalid.
    func project(requiringMigrations: Bool = true) throws -> KilnProject {
        if let projectNotFound { throw projectNotFound }
        return requiringMigrations
            ? try KilnProject.requiringMigrations(root: root) : try KilnProject.requiringProject(root: root)
    }
}
