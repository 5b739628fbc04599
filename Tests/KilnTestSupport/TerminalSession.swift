import Foundation

/// kiln running on a pseudo-terminal (util-linux `script`, so both standard output and standard error are
/// terminals, as in a user's shell) that a test watches and types into while it runs.
///
/// Everything the terminal receives is read by a thread of its own with blocking reads (``Transcript``), never
/// through a libdispatch read source (a file handle's readability handler): on Linux, tearing one down once its
/// pipe hung up has crashed the whole test process in libdispatch. A test waits for what it expects to see
/// (``waitUntil(seconds:_:)``), never for a moment of silence.
public final class TerminalSession: @unchecked Sendable {
    private let process: Process
    /// What the test types; nil when standard input is `/dev/null`.
    private let keyboard: FileHandle?
    private let screen: Transcript

    /// Starts kiln on a terminal.
    ///
    /// - Parameters:
    ///   - arguments: kiln's arguments.
    ///   - directory: the folder it runs in.
    ///   - columns: the terminal's width.
    ///   - environment: added to this process's environment (`TERM` is `xterm-256color` unless given;
    ///     `NO_COLOR`, `CLICOLOR_FORCE`, `COLUMNS`, `KILN_ROOT` and `GITHUB_ACTIONS` are removed unless given).
    ///   - typing: whether the test types into it (``type(_:)``); without, standard input is `/dev/null`.
    /// - Throws: what `Process.run()` throws when `script` cannot start.
    public init(
        _ arguments: [String], in directory: URL, columns: Int = 80, environment: [String: String] = [:],
        typing: Bool = false
    ) throws {
        let command = ([KilnBinary.url.path] + arguments).map(KilnBinary.shellQuoted).joined(separator: " ")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "stty cols \(columns) rows 40; exec \(command)", "/dev/null"]
        process.currentDirectoryURL = directory
        var variables = TestEnvironment.kiln
        variables["TERM"] = "xterm-256color"
        variables["SWIFT_BACKTRACE"] = "enable=no"
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let input = typing ? Pipe() : nil
        process.standardInput = input ?? FileHandle.nullDevice
        keyboard = input?.fileHandleForWriting
        try process.run()
        screen = Transcript(reading: output.fileHandleForReading)
    }

    /// Everything the terminal received so far.
    public var text: String { screen.text }

    /// Waits until what the terminal received satisfies `condition`, at most `seconds`.
    ///
    /// - Returns: whether it did; false when the deadline passed or the program ended without it.
    @discardableResult
    public func waitUntil(seconds: TimeInterval = 60, _ condition: (String) -> Bool) -> Bool {
        screen.waitUntil(Date().addingTimeInterval(seconds), condition)
    }

    /// Types `bytes` on the terminal's keyboard (e.g. `[0x03]`, Ctrl-C); a session started without `typing`
    /// ignores them.
    public func type(_ bytes: [UInt8]) {
        guard let keyboard else { return }
        try? keyboard.write(contentsOf: bytes)
    }

    /// Waits for the program to end and for the terminal's last byte.
    public func finish() -> TerminalResult {
        process.waitUntilExit()
        try? keyboard?.close()
        return TerminalResult(status: process.terminationStatus, text: String(decoding: screen.wait(), as: UTF8.self))
    }
}
