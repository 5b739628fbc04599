import Foundation

/// What turning a command-line string into a value may need: the command (for its usage errors) and the
/// folder relative paths are resolved against.
public struct ParsingContext: Sendable {
    /// The subcommand being parsed, e.g. `migrate`; usage errors show its usage line.
    public let command: String
    /// The folder the command runs in: relative paths given on the command line are relative to it.
    public let currentDirectory: URL

    /// A context for `command` run in `currentDirectory`.
    public init(command: String, currentDirectory: URL) {
        self.command = command
        self.currentDirectory = currentDirectory
    }
}
