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
        try process.run()
        let output = Transcript(reading: outputPipe.fileHandleForReading)
        let errors = Transcript(reading: errorPipe.fileHandleForReading)
        let sent =
            errors.waitUntil(Date().addingTimeInterval(60)) { $0.contains(text) }
            && kill(process.processIdentifier, signal) == 0
        let signalled = Date()
        while process.isRunning && Date().timeIntervalSince(signalled) < deadline { usleep(5000) }
        let ignored = process.isRunning
        if ignored { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        let result = ProcessResult(
            status: status, standardOutput: String(decoding: output.wait(), as: UTF8.self),
            standardError: String(decoding: errors.wait(), as: UTF8.self))
        return (result, sent, ignored)
    }
}
