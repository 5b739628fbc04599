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
