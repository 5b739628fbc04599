import Foundation
import Kiln

/// Holds ``FileLock`` on a path from another thread until released, the way another process would: flock
/// locks belong to open file descriptions, so this process's own second open of the file has to wait.
final class LockHolder: @unchecked Sendable {
    private let taken = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Takes the lock on `path` on a new thread and returns once it is held.
    init(path: String) {
        let thread = Thread { [self] in
            do {
                try FileLock.withExclusiveLock(at: path) {
                    taken.signal()
                    release.wait()
                }
            } catch {
                taken.signal()
            }
            finished.signal()
        }
        thread.start()
        taken.wait()
    }

    /// Releases the lock and waits until the thread has let it go.
    func unlock() {
        release.signal()
        finished.wait()
    }
}
