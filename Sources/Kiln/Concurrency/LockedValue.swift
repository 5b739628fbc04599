import Foundation

/// A value that several threads share, reachable only while its lock is held: the one lock of the package's
/// thread-safe types, which hold their mutable state in one of these and are then plainly `Sendable`.
///
/// `Synchronization.Mutex` does the same, but needs macOS 15 and iOS 18, later than the package supports. As
/// with it, the value goes in and comes out as `sending`: a non-`Sendable` value may live in the box, and only
/// what no other thread can reach leaves it.
///
/// The lock is a condition too, for the rare owner that must wait for another thread to change the value
/// (``withLock(waitingUntil:_:)`` and ``wakeWaiters()``). It is not recursive: `body` must not use the same box.
package final class LockedValue<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    /// A box holding `value`, which no other code can reach any more.
    package init(_ value: sending Value) {
        self.value = value
    }

    /// A box holding `value` that other code still reaches but, the caller promises, uses only with this box's
    /// lock held (or used only before the box existed): the one case the compiler cannot check, e.g. a
    /// command's standard-error writer that every print reaches through the progress line's lock.
    package init(sharing value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    ///
    /// - Returns: what `body` returns.
    package func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// Waits until the value's `isReady` is true (read with the lock held, again each time another thread
    /// wakes the waiters), then runs `body` on it without letting the lock go in between.
    ///
    /// - Returns: what `body` returns.
    package func withLock<Result>(
        waitingUntil isReady: KeyPath<Value, Bool>, _ body: (inout sending Value) throws -> sending Result
    ) rethrows -> sending Result {
        condition.lock()
        defer { condition.unlock() }
        while !value[keyPath: isReady] { condition.wait() }
        return try body(&value)
    }

    /// Wakes every thread waiting in ``withLock(waitingUntil:_:)`` to ask its condition again; call it after
    /// a change they may wait for, from within `body` or after it.
    package func wakeWaiters() {
        condition.broadcast()
    }
}
