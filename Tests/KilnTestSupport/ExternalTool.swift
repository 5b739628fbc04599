import Foundation

/// A program on `PATH` some tests run (a shell, mandoc), and whether those tests run: when it is installed, and
/// always under CI (`CI` set, which installs it), so a CI machine without it fails instead of skipping them.
public struct ExternalTool: Sendable {
    /// The program's name, e.g. `zsh`.
    public let name: String

    /// The tool named `name`.
    public init(_ name: String) { self.name = name }

    /// Its path on `PATH`, or nil.
    public var url: URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether tests that need it run.
    public var runs: Bool { url != nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// Runs it with `arguments` in `directory` (the environment of ``TestEnvironment/kiln``) and waits.
    ///
    /// - Returns: its exit status and what it printed.
    public func run(_ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = url ?? URL(fileURLWithPath: "/usr/bin/\(name)")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = TestEnvironment.kiln
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let readOutput = Transcript(reading: output.fileHandleForReading)
        let readErrors = Transcript(reading: errors.fileHandleForReading)
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, standardOutput: String(decoding: readOutput.wait(), as: UTF8.self),
            standardError: String(decoding: readErrors.wait(), as: UTF8.self))
    }
}
