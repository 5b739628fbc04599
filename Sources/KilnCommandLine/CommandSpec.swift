/// The shape of one subcommand: what it is for, its positional arguments and its options. Help text and
/// usage lines are generated from it, and the parser checks input against it.
public struct CommandSpec: Sendable {
    /// One positional argument.
    public struct Argument: Sendable {
        /// The placeholder name, e.g. `database`.
        public let name: String
        /// One line of help.
        public let help: String
        /// Whether it may be left out.
        public var isOptional = false
        /// Whether it takes every remaining positional value.
        public var isRepeating = false
    }

    /// One `--option`, with or without a value.
    public struct Option: Sendable {
        /// The long name without dashes, e.g. `db`.
        public let name: String
        /// The value's placeholder, e.g. `file`; nil for a flag.
        public let valueName: String?
        /// One line of help.
        public let help: String
        /// Whether the command cannot run without it.
        public var isRequired = false
        /// A single-letter alias without the dash, e.g. `h`.
        public var shortName: Character? = nil
        /// Whether it may be given several times, each value kept.
        public var isRepeatable = false
    }

    /// The subcommand's name, e.g. `migrate`.
    public let name: String
    /// One sentence saying what it does.
    public let abstract: String
    /// Further explanation shown in `--help`.
    public var discussion: String = ""
    /// Positional arguments, in order.
    public var arguments: [Argument] = []
    /// Options, in the order help lists them.
    public var options: [Option] = []

    /// The options every command takes: `--root` and help.
    static let commonOptions: [Option] = [
        Option(
            name: "root", valueName: "dir",
            help: "The project folder holding migrations/, seeds/ and kiln.json (default: the current folder)."),
        Option(
            name: "absolute-paths", valueName: nil,
            help: "Name files in diagnostics by absolute path (for build systems)."),
        Option(name: "help", valueName: nil, help: "Show help information.", shortName: "h"),
    ]

    /// Every option the command accepts, its own followed by the common ones.
    var allOptions: [Option] { options + Self.commonOptions }
}
