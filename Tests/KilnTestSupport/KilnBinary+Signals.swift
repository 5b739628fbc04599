import Foundation

extension KilnBinary {
    /// Runs kiln with `arguments` in `directory`, sends it `signal` as soon as `ready()` holds (polled every
    /// 2 ms, for at most 60 s), and waits for it to end; `environment` is added to this process's.
    ///
    /// - Returns: what it printed and its status (128 plus the signal when the signal ended it); `sent` tells
    ///   whether the signal was sent before the process ended by itself.
    public static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], signal: Int32,
        when ready: () -> Bool
    ) throws -> (result: ProcessResult, sent: Bool) {
        let launched = try Launched(arguments, in: directory, environment: environment)
        let deadline = Date().addingTimeInterval(60)
        var sent = false
        while launched.process.isRunning && Date() < deadline {
            if ready() {
                sent = kill(launched.process.processIdentifier, signal) == 0
                break
            }
            usleep(2000)
        }
        let result = launched.finish()
        return (result, sent)
    }
}

extension KilnBinary {
    /// Runs kiln with `arguments` in `directory`, sends it `signal` once its standard error holds `text` (a
    /// line it prints when it reaches the moment to signal, e.g. `waiting for another build`), and waits at
    /// most `deadline` seconds after the signal for it to end; then kills it (`SIGKILL`), so a command that
    /// ignores the signal fails the test instead of hanging the suite.
    ///
    /// - Returns: what it printed and its status (137 when it had to be killed); `sent` tells whether the
    ///   signal was sent before the process ended by itself, `ignored` whether it had to be killed.
    public static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], signal: Int32,
        onceStandardErrorContains text: String, deadline: Double = 30
    ) throws -> (result: ProcessResult, sent: Bool, ignored: Bool) {
        let process = makeProcess(arguments, in: directory, executable: url)
        process.environment?.merge(environment) { _, new in new }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let errors = GrowingText()
        errorPipe.fileHandleForReading.readabilityHandler = { errors.append($0.availableData) }
        try process.run()
        let output = ReadAll(outputPipe.fileHandleForReading)
        var sent = false
        let start = Date()
        while process.isRunning && Date().timeIntervalSince(start) < 60 && !sent {
            if errors.text.contains(text) { sent = kill(process.processIdentifier, signal) == 0 }
            usleep(2000)
        }
        let signalled = Date()
        while process.isRunning && Date().timeIntervalSince(signalled) < deadline { usleep(5000) }
        let ignored = process.isRunning
        if ignored { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        errorPipe.fileHandleForReading.readabilityHandler = nil
        errors.append(errorPipe.fileHandleForReading.readDataToEndOfFile())
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        let result = ProcessResult(
            status: status, standardOutput: String(decoding: output.wait(), as: UTF8.self), standardError: errors.text)
        return (result, sent, ignored)
    }
}

/// Text a pipe's handler appends to while a test reads it.
private final class GrowingText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
