import Foundation
import Kiln
import KilnBuild

/// What a running command sees of the world: its project root and where its output goes.
public struct CommandContext {
    /// The project root (`--root`, default the current folder).
    public let root: URL
    /// Data: what the user asked for.
    public let standardOutput: (String) -> Void
    /// Diagnostics and progress.
    public let standardError: (String) -> Void
    /// Whether diagnostics name files by absolute path (`--absolute-paths`), for build systems that annotate them.
    public var absolutePaths = false

    /// Prints a `--json` document on standard output: pretty, keys sorted, one final newline.
    func printJSON<Document: Encodable>(_ document: Document) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        standardOutput(String(decoding: try encoder.encode(document), as: UTF8.self) + "\n")
    }

    /// Prints a diagnostic on standard error.
    func report(_ diagnostic: Diagnostic) {
        standardError(Self.format(diagnostic, root: absolutePaths ? root : nil) + "\n")
    }

    /// A diagnostic's text, with its path made absolute against `root` when one is given.
    static func format(_ diagnostic: Diagnostic, root: URL?) -> String {
        guard let root, let location = diagnostic.location, !location.path.hasPrefix("/") else {
            return diagnostic.formatted()
        }
        let absolute = SourceLocation(
            path: root.appendingPathComponent(location.path).path, line: location.line, column: location.column)
        return Diagnostic(
            diagnostic.severity, diagnostic.message, at: absolute, hint: diagnostic.hint, code: diagnostic.code
        ).formatted()
    }

    /// Opens the project at ``root``.
    func project() throws -> KilnProject { try KilnProject(root: root) }

    /// Resolves a path given on the command line against the current folder, as a shell user expects.
    func path(_ argument: String) -> String {
        if argument.hasPrefix("/") || argument.hasPrefix("file:") || argument == ":memory:" { return argument }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(argument).path
    }
}

/// One subcommand: its shape and what it does.
protocol KilnCommand: Sendable {
    /// The command's arguments, options and help.
    static var spec: CommandSpec { get }
    /// Runs the command; returns its exit status.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
}

extension ParsedArguments {
    /// An option's value as a non-negative 32-bit version number.
    func version(_ name: String, command: String) throws -> Int32? {
        guard let text = options[name] else { return nil }
        guard let value = Int32(text), value >= 0 else {
            throw UsageError(
                message: "'--\(name)' takes a version number from 0 to \(Int32.max), not '\(text)'", hint: nil,
                command: command)
        }
        return value
    }
}
