import Foundation

/// What a program wrote to a pseudo-terminal: standard output and standard error interleaved as a user sees
/// them, bytes as the terminal received them (`\r\n` for each newline, escape sequences kept).
public struct TerminalResult: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything the terminal received.
    public let text: String

    /// The text with the terminal's `\r\n` turned back into `\n` (a lone `\r` of a progress line is kept).
    public var normalized: String { text.replacingOccurrences(of: "\r\n", with: "\n") }
}

extension KilnBinary {
    /// Runs kiln with `arguments` in `directory` on a pseudo-terminal `columns` wide (through util-linux
    /// `script`), so both standard output and standard error are terminals, as in a user's shell.
    ///
    /// - Parameters:
    ///   - environment: added to this process's environment (`TERM` is `xterm-256color` unless given;
    ///     `NO_COLOR`, `CLICOLOR_FORCE`, `COLUMNS`, `KILN_ROOT` and `GITHUB_ACTIONS` are removed unless given).
    /// - Returns: what the terminal showed and the exit status. To see standard output in a pipe while standard
    ///   error stays a terminal, add `| cat` yourself through `sh -c`; this helper keeps both on the terminal.
    public static func runInTerminal(
        _ arguments: [String], in directory: URL, columns: Int = 80, environment: [String: String] = [:]
    ) throws -> TerminalResult {
        try TerminalSession(arguments, in: directory, columns: columns, environment: environment).finish()
    }

    /// `text` in single quotes for `sh`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
