import Foundation
import Kiln

/// Ctrl-C (`SIGINT`) and `SIGTERM` for the `kiln` process. The first one interrupts SQLite
/// (``SQLiteInterrupt``): the running statement fails, its transaction is rolled back and the command's
/// temporary files are removed by the same paths as any failure; the command then exits 130 or 143 with one
/// line saying so. A second signal ends the process at once, as the system would have.
final class InterruptSignal: Sendable {
    /// The one handler of the process.
    static let shared = InterruptSignal()

    /// The first signal received, nil until one is.
    private let signalReceived = LockedValue<Int32?>(nil)

    private init() {}

    /// The first signal received, if any.
    var received: Int32? { signalReceived.withLock { $0 } }

    /// Takes over `SIGINT` and `SIGTERM` from the default action (which would end the process mid-write):
    /// they are blocked in every thread and taken by one thread that waits for them (`sigwait`). Call it
    /// before any other thread starts, so that every thread inherits the blocked mask.
    func install() {
        SQLiteInterrupt.enable()
        var signals = Self.handled
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let thread = Thread { [self] in
            var waitedFor = Self.handled
            while true {
                var number: Int32 = 0
                guard sigwait(&waitedFor, &number) == 0 else { continue }
                receive(number)
            }
        }
        thread.start()
    }

    /// `SIGINT` and `SIGTERM`.
    private static var handled: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    /// Records the first signal and interrupts SQLite; a second one ends the process with the default action.
    private func receive(_ number: Int32) {
        let first = signalReceived.withLock { received -> Bool in
            if received != nil { return false }
            received = number
            return true
        }
        guard first else {
            // The second one: the system's default action, now.
            signal(number, SIG_DFL)
            var signals = Self.handled
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            raise(number)
            return
        }
        SQLiteInterrupt.request()
    }

    /// The exit status for a process ended by `number`: 128 plus the signal, as shells report it.
    static func exitStatus(for number: Int32) -> Int32 { 128 + number }

    /// The error message a command reports when a signal stopped it, e.g. `interrupted (SIGINT): shop.sqlite
    /// is as it was; the load was rolled back`, printed as `kiln: error: interrupted (SIGINT): …`; with
    /// `progress`, `interrupted (SIGINT) after 4,000 of 10,000 files: …`.
    static func message(for number: Int32, outcome: String, after progress: String? = nil) -> String {
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
        return "interrupted (\(name))\(progress.map { " " + $0 } ?? ""): \(outcome)"
    }
}
