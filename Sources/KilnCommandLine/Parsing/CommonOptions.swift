/// The options every command takes, after its own.
public enum CommonOptions {
    /// `--root <dir>`: the project folder, relative to the current folder; without it, kiln looks for one.
    public static let root = Option<CommandLinePath?>(
        name: "root", valueName: "dir",
        help: "The project folder holding migrations/, seeds/ and kiln.json (default: KILN_ROOT, else the nearest "
            + "folder at or above the current one holding kiln.json or migrations/).")

    /// `--absolute-paths`: diagnostics name files by absolute path.
    public static let absolutePaths = Option<Bool>(
        flag: "absolute-paths", help: "Name files in diagnostics by absolute path (for build systems).")

    /// `-h`, `--help`: the command's help instead of running it.
    public static let help = Option<Bool>(flag: "help", help: "Show help information.", shortName: "h", mayRepeat: true)

    /// `--color auto|always|never`: whether diagnostics are coloured.
    public static let color = Option<ColorChoice>(
        name: "color", valueName: "when",
        help: "Colour diagnostics: auto (on a terminal, unless NO_COLOR is set), always or never.", default: .auto)

    /// `-q`, `--quiet`: no progress and no informational lines on standard error; errors still print.
    public static let quiet = Option<Bool>(
        flag: "quiet", help: "Print no progress and no informational lines; errors still print.", shortName: "q")

    /// `--json`: one JSON document on standard output instead of text, failures included. Not common to every
    /// command: each command that prints a document declares this one value, which the run reads once into
    /// ``OutputSettings/document``.
    public static let json = Option<Bool>(
        flag: "json", help: "Print one JSON document instead of text, and no progress.")

    /// Their declarations, in the order help lists them.
    static let all = [
        root.declaration, absolutePaths.declaration, color.declaration, quiet.declaration, help.declaration,
    ]
}
