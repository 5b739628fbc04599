/// How one run's output looks, decided once from the command line, the environment and whether standard
/// error is a terminal, so no command looks at any of them itself.
public struct OutputSettings: Sendable {
    /// Whether diagnostics on standard error carry ANSI colour.
    public var colors = false
    /// Whether slow commands draw a progress line on standard error.
    public var showsProgress = false
    /// Whether informational lines on standard error (which project is used, what was kept) are left out.
    public var isQuiet = false
    /// The document the command prints on standard output instead of text (`--json`, `--format json|sarif`),
    /// failures included; nil for text.
    public var document: OutputDocument?
    /// Whether the command prints one JSON document, failures included.
    public var isJSON: Bool { document == .json }
    /// Whether JSON goes out as JSON Lines, each object compact on one line (`kiln migrate --each --json`
    /// prints one per file, then its summary); error documents too, so every line parses on its own.
    public var isJSONLines = false
    /// Whether diagnostics are also printed as GitHub Actions workflow commands (`GITHUB_ACTIONS=true`).
    public var githubActions = false
    /// The checkout under GitHub Actions (`GITHUB_WORKSPACE`), when set: annotations and SARIF name files from it.
    public var workspace: String?
    /// The width help is wrapped to: `COLUMNS`, else the terminal's, else 80.
    public var width = 80

    /// Plain output: no colour, no progress, 80 columns.
    public init() {}

    /// The settings before a subcommand's options are read: width, GitHub Actions and its workspace only.
    ///
    /// - Parameters:
    ///   - environment: the variables the run sees.
    ///   - terminalWidth: the terminal's columns when standard output is one.
    public init(environment: [String: String], terminalWidth: Int?) {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            width = columns
        } else if let terminalWidth, terminalWidth > 0 {
            width = terminalWidth
        }
        githubActions = environment["GITHUB_ACTIONS"] == "true"
        workspace = environment["GITHUB_WORKSPACE"]
    }

    /// Completes the settings once the subcommand's common options are known.
    ///
    /// - Parameters:
    ///   - color: `--color`.
    ///   - quiet: `--quiet`.
    ///   - document: the document asked for (see ``OutputDocument/requested(by:)``), nil for text.
    ///   - environment: the variables the run sees (`NO_COLOR`, `CLICOLOR_FORCE`, `TERM`).
    ///   - standardErrorIsTerminal: whether standard error is a terminal.
    mutating func apply(
        color: ColorChoice, quiet: Bool, document: OutputDocument?, environment: [String: String],
        standardErrorIsTerminal: Bool
    ) {
        let isDumb = environment["TERM"] == "dumb"
        switch color {
        case .always: colors = true
        case .never: colors = false
        case .auto:
            if !(environment["NO_COLOR"] ?? "").isEmpty {
                colors = false
            } else if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" {
                colors = true
            } else {
                colors = standardErrorIsTerminal && !isDumb
            }
        }
        isQuiet = quiet
        self.document = document
        showsProgress = standardErrorIsTerminal && !isDumb && !quiet && document == nil
    }
}
