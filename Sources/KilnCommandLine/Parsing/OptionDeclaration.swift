/// What the parser and the help text know of one `--option`, whatever the type of its value. A command
/// declares its options as typed ``Option`` values; this is the part they share.
public struct OptionDeclaration: Sendable {
    /// What giving the option more than once means.
    public enum Repetition: Sendable {
        /// A usage error: `option '--db' was given more than once`.
        case once
        /// Each value is kept, in order (`--only a --only b`); usage shows `...`.
        case collected
        /// Harmless: `-h --help` is still help.
        case ignored
    }

    /// The long name without dashes, e.g. `db`.
    public let name: String
    /// The value's placeholder, e.g. `file`; nil for a flag.
    public let valueName: String?
    /// One line of help.
    public let help: String
    /// A single-letter alias without the dash, e.g. `h`.
    public let shortName: Character?
    /// Whether the command cannot run without it.
    public let isRequired: Bool
    /// What giving it more than once means.
    public let repetition: Repetition
    /// What a shell offers for its value (see ``CompletionKind``).
    public var completion: CompletionKind = .none
    /// For a value that is one of a few names, what each means (see ``CommandLineChoice/meaning``), by name;
    /// names without a meaning are left out.
    public var choiceMeanings: [String: String] = [:]
    /// Whether help, the man page and completions leave it out (an option for kiln's own scripts).
    public var isHidden = false
    /// Whether its value is a pattern a shell would expand (`--each 'tenants/*.db'`): words left over after it
    /// are then most likely the files the shell found, and the usage error says to quote the pattern.
    public var isShellPattern = false
    /// Turns the values given (in order; one empty string per use of a flag) into the typed value.
    let convert: @Sendable (_ given: [String], _ context: ParsingContext) throws -> any Sendable
}
