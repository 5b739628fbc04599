/// `--color auto|always|never`: whether diagnostics are coloured.
public enum ColorChoice: String, CommandLineChoice, Sendable {
    /// Colour on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb` (`CLICOLOR_FORCE` forces it).
    case auto
    /// Colour even into a pipe or a file.
    case always
    /// No colour.
    case never

    /// A few words for completion: the value's meaning, not the option's.
    public var meaning: String? {
        switch self {
        case .auto: "on a terminal, unless NO_COLOR is set"
        case .always: "even into a pipe or a file"
        case .never: "no colour"
        }
    }
}
