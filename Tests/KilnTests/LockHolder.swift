import Foundation
import Kiln

/// Holds a lock from another thread until released, the way another process would: the thread takes it, says
/// so, and lets it go when ``unlock()`` is called (or, for a holder made with a time limit, when that passes).
final class LockHolder: @unchecked Sendable {
    private let taken = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Runs `hold` on a new thread and returns once it has called its argument, `whileHeld`, which returns
    /// when the lock should be let go: after ``unlock()``, or after `seconds` when given.
    init(for seconds: TimeInterval? = nil, _ hold: @escaping @Sendable (_ whileHeld: () -> Void) -> Void) {
        let thread = Thread { [self] in
            var signalled = false
            hold {
                signalled = true
                taken.signal()
                if let seconds { _ = release.wait(timeout: .now() + seconds) } else { release.wait() }
            }
            // The lock could not be taken: nothing is held, but the caller must not wait forever.
            if !signalled { taken.signal() }
            finished.signal()
        }
        thread.start()
        taken.wait()
    }

    /// Holds ``FileLock`` on `path`: flock locks belong to open file descriptions, so this process's own second
    /// open of the file has to wait.
    convenience init(path: String) {
        self.init { whileHeld in try? FileLock.withExclusiveLock(at: path) { whileHeld() } }
    }

    /// Lets the lock go (if it is still held) and waits until the thread has let it go.
    func unlock() {
        release.signal()
        finished.wait()
    }
}
