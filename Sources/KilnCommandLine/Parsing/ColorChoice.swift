/// `--color auto|always|never`: whether diagnostics are coloured.
public enum ColorChoice: String, CommandLineChoice, Sendable {
    /// Colour on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb` (`CLICOLOR_FORCE` forces it).
    case auto
    /// Colour even into a pipe or a file.
    case always
    /// No colour.
    case never
}
