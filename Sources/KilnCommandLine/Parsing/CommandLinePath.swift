import Foundation

/// A path given on the command line: the text as typed, which messages show, and the path resolved against
/// the command's current folder, which the command opens. This is the one place kiln's command line
/// resolves a path.
public struct CommandLinePath: CommandLineValue, Equatable {
    /// The path as the user typed it, e.g. `shop.sqlite`.
    public let text: String
    /// The path to open: absolute, or a SQLite name (`:memory:`, a `file:` URI) as given.
    public let path: String

    /// Resolves `text` against `currentDirectory`, as a shell user expects: an absolute path or a SQLite name
    /// stays as it is, anything else is relative to the folder.
    public init(_ text: String, currentDirectory: URL) {
        self.text = text
        if text.hasPrefix("/") || text.hasPrefix("file:") || text == ":memory:" {
            path = text
        } else {
            path = currentDirectory.appendingPathComponent(text).path
        }
    }

    /// A path kiln chose itself (a `kiln.json` setting), shown as `shown` and opened at `path`.
    init(shown: String, path: String) {
        self.text = shown
        self.path = path
    }

    /// Resolves the text given to an option against the command's current folder.
    public init(commandLine text: String, option: String, context: ParsingContext) {
        self.init(text, currentDirectory: context.currentDirectory)
    }

    /// The resolved path as a folder URL with `.` and `..` removed, e.g. for `--root`.
    public var folderURL: URL { URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL }
}
