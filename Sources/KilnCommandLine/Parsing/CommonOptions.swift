/// The options every command takes, after its own.
public enum CommonOptions {
    /// `--root <dir>`: the project folder, relative to the current folder.
    public static let root = Option<CommandLinePath?>(
        name: "root", valueName: "dir",
        help: "The project folder holding migrations/, seeds/ and kiln.json (default: the current folder).")

    /// `--absolute-paths`: diagnostics name files by absolute path.
    public static let absolutePaths = Option<Bool>(
        flag: "absolute-paths", help: "Name files in diagnostics by absolute path (for build systems).")

    /// `-h`, `--help`: the command's help instead of running it.
    public static let help = Option<Bool>(flag: "help", help: "Show help information.", shortName: "h", mayRepeat: true)

    /// Their declarations, in the order help lists them.
    static let all = [root.declaration, absolutePaths.declaration, help.declaration]
}
