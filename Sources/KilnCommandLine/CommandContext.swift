import Foundation
import Kiln
import KilnBuild

/// What a running command sees of the world: its project root and where its output goes. Paths on its
/// command line arrive resolved (``CommandLinePath``), so a command never looks at the process's folder.
public struct CommandContext {
    /// The project root (`--root`, default the current folder).
    public var root: URL
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
    /// ``output``'s width.
    var progress: ProgressLine? {
        didSet { progress?.width = output.width }
    }

    /// A context whose data goes to `standardOutput` and diagnostics and progress to `standardError`.
    public init(
        root: URL, standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void,
        standardErrorIsTerminal: Bool
    ) {
        self.root = root
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

    /// Prints a `--json` document on standard output: pretty, keys sorted, one final newline.
    ///
    /// - Throws: the encoder's error, if the document cannot be encoded.
    func printJSON<Document: Encodable>(_ document: Document) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        standardOutput(String(decoding: try encoder.encode(document), as: UTF8.self) + "\n")
    }

    /// Opens the project at ``root``, which must be a folder holding `migrations/` unless
    /// `requiringMigrations` is false (`kiln new` creates the first database's folder).
    ///
    /// - Returns: the project, its `kiln.json` read.
    /// - Throws: ``KilnProjectRootError`` for a root that is not a project, the configuration's error when
    ///   `kiln.json` is invalid.
    func project(requiringMigrations: Bool = true) throws -> KilnProject {
        requiringMigrations ? try KilnProject.requiringMigrations(root: root) : try KilnProject(root: root)
    }
}
