import Foundation
import KilnTestSupport

/// `scripts/faultshim/faultshim.c`, compiled once per test run with the system's C compiler, and kiln run
/// with it preloaded: the N-th rename, link, fsync or write fails with an errno or kills kiln before or after.
enum FaultShim {
    /// The compiled library, or nil when there is no `gcc` (the tests that need it are then skipped).
    static let library: String? = compile()

    private static func compile() -> String? {
        #if os(Linux)
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scripts/faultshim/faultshim.c").path
            let output = NSTemporaryDirectory() + "kiln-faultshim-\(getpid()).so"
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gcc") else { return nil }
            let gcc = Process()
            gcc.executableURL = URL(fileURLWithPath: "/usr/bin/gcc")
            gcc.arguments = ["-shared", "-fPIC", "-O2", "-o", output, source, "-ldl"]
            guard (try? gcc.run()) != nil else { return nil }
            gcc.waitUntilExit()
            return gcc.terminationStatus == 0 ? output : nil
        #else
            return nil
        #endif
    }

    /// One fault: `call` number `at` (counting only calls on paths containing `path`, or exactly it with
    /// a leading `=`) gets `action` (`EIO`, `ENOSPC`, `kill-before`, `kill-after`).
    struct Fault {
        var call: String
        var at: Int
        var action: String
        var path: String? = nil
    }

    /// Runs kiln in `directory` with the shim and `fault` (none: it only counts `countCall`).
    static func run(
        _ arguments: [String], in directory: URL, fault: Fault?, countCall: String? = nil, countPath: String? = nil
    ) throws -> ProcessResult {
        var environment: [String: String] = ["LD_PRELOAD": library ?? ""]
        if let fault {
            environment["KILN_FAULT_CALL"] = fault.call
            environment["KILN_FAULT_AT"] = String(fault.at)
            environment["KILN_FAULT_ACTION"] = fault.action
            environment["KILN_FAULT_PATH"] = fault.path
        } else if let countCall {
            environment["KILN_FAULT_CALL"] = countCall
            environment["KILN_FAULT_PATH"] = countPath
            environment["KILN_FAULT_REPORT"] = "1"
        }
        return try KilnBinary.run(arguments, in: directory, environment: environment)
    }

    /// `result` without the shim's own `faultshim: …` lines on standard error, leaving what kiln printed.
    static func kilnOutput(of result: ProcessResult) -> ProcessResult {
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        return ProcessResult(
            status: result.status, standardOutput: result.standardOutput,
            standardError: lines.filter { !$0.hasPrefix("faultshim: ") }.joined(separator: "\n"))
    }

    /// How many `call`s a run of kiln makes (on paths `path` selects, as in ``Fault``).
    static func count(_ call: String, _ arguments: [String], in directory: URL, path: String? = nil) throws -> Int {
        let result = try run(arguments, in: directory, fault: nil, countCall: call, countPath: path)
        let line = result.standardError.split(separator: "\n").last { $0.hasPrefix("faultshim: \(call) calls: ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }
}

extension FaultShim {
    /// The environment that pauses kiln at `call` number `at` (on paths containing `path`) until its signal
    /// thread has taken a signal, creating `ready` when the pause begins: send the signal once `ready` exists,
    /// and kiln has recorded it before it takes the next step.
    static func pause(_ call: String, at: Int = 1, path: String, ready: String) -> [String: String] {
        [
            "LD_PRELOAD": library ?? "", "KILN_FAULT_CALL": call, "KILN_FAULT_AT": String(at),
            "KILN_FAULT_ACTION": "pause", "KILN_FAULT_PATH": path, "KILN_FAULT_READY": ready,
        ]
    }
}
