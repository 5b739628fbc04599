import Foundation

/// The result of running a program to completion.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + signal when it was killed.
    public let status: Int32
    /// Everything it wrote to standard output.
    public let standardOutput: String
    /// Everything it wrote to standard error.
    public let standardError: String

    /// A result, e.g. of kiln run in-process.
    public init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// The `kiln` executable SwiftPM built next to the test bundle (or `KILN_BINARY`).
public enum KilnBinary {
    /// The executable's path.
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["KILN_BINARY"] { return URL(fileURLWithPath: override) }
        return product("kiln")
    }

    /// An executable product built next to the test bundle.
    public static func product(_ name: String) -> URL {
        // The test runner lives in the products folder (Linux: `<products>/kilnPackageTests.xctest`; Apple
        // platforms: inside `<products>/kilnPackageTests.xctest/Contents/MacOS`), beside `kiln`.
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Starts kiln (or another product) with `arguments` in `directory` and returns the running process; its
    /// output is discarded.
    public static func start(_ arguments: [String], in directory: URL, executable: URL = url) throws -> Process {
        let process = makeProcess(arguments, in: directory, executable: executable)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A process for `executable` in `directory`, with crash backtraces off (they slow kill tests down).
    static func makeProcess(_ arguments: [String], in directory: URL, executable: URL) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = TestEnvironment.kiln
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        return process
    }

    /// Runs kiln with `arguments` in `directory`, with `environment` added to this process's, and waits for it.
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
        -> ProcessResult
    {
        try Launched(arguments, in: directory, environment: environment).finish()
    }
}

/// A running kiln whose two output streams are read to their end in the background, so a chatty process never
/// blocks on a full pipe.
struct Launched {
    let process: Process
    private let output: Transcript
    private let error: Transcript

    /// Starts kiln with `arguments` in `directory`, with `environment` added to this process's.
    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        process = KilnBinary.makeProcess(arguments, in: directory, executable: KilnBinary.url)
        process.environment?.merge(environment) { _, new in new }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        output = Transcript(reading: outputPipe.fileHandleForReading)
        error = Transcript(reading: errorPipe.fileHandleForReading)
    }

    /// Waits for the process; its status is 128 plus the signal when a signal ended it, as shells report it.
    func finish() -> ProcessResult {
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessResult(
            status: status, standardOutput: String(decoding: output.wait(), as: UTF8.self),
            standardError: String(decoding: error.wait(), as: UTF8.self))
    }
}
