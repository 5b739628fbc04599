import Foundation

extension KilnBinary {
    /// Runs kiln with `arguments` in `directory`, sends it `signal` as soon as `ready()` holds (polled every
    /// 2 ms, for at most 60 s), and waits for it to end.
    ///
    /// - Returns: what it printed and its status (128 plus the signal when the signal ended it); `sent` tells
    ///   whether the signal was sent before the process ended by itself.
    public static func run(
        _ arguments: [String], in directory: URL, signal: Int32, when ready: () -> Bool
    ) throws -> (result: ProcessResult, sent: Bool) {
        let process = makeProcess(arguments, in: directory, executable: url)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = ReadAll(error.fileHandleForReading)
        let outputData = ReadAll(output.fileHandleForReading)
        let deadline = Date().addingTimeInterval(60)
        var sent = false
        while process.isRunning && Date() < deadline {
            if ready() {
                sent = kill(process.processIdentifier, signal) == 0
                break
            }
            usleep(2000)
        }
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        let result = ProcessResult(
            status: status, standardOutput: String(decoding: outputData.wait(), as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self))
        return (result, sent)
    }
}
