import Foundation

extension FleetMigrator {
    /// Migrates every file of `files` from an `async` context (a server's start-up), without blocking the
    /// cooperative thread pool: the blocking engine runs on a thread of its own while the task is suspended.
    ///
    /// Cancelling the task stops starting files; the files in flight finish, and the summary counts the rest
    /// as not started.
    ///
    /// - Parameters:
    ///   - files: the files; iterated on the engine's thread.
    ///   - onResult: called on the engine's thread, one result at a time, as each file finishes.
    /// - Returns: the summary.
    public func migrate<Files: Sequence & Sendable>(
        _ files: Files, onResult: @escaping @Sendable (FleetFileResult) -> Void = { _ in }
    ) async -> FleetSummary where Files.Element == FleetFile {
        let cancelled = CancellationFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<FleetSummary, Never>) in
                let thread = Thread { [self] in
                    let summary = migrate(files, onResult: onResult, isCancelled: { cancelled.isSet })
                    continuation.resume(returning: summary)
                }
                thread.name = "kiln fleet"
                thread.stackSize = Self.workerStackSize
                thread.start()
            }
        } onCancel: {
            cancelled.set()
        }
    }
}

/// A flag set once from any thread and read from any other.
final class CancellationFlag: Sendable {
    private let value = LockedValue(false)

    /// Whether ``set()`` was called.
    var isSet: Bool { value.withLock { $0 } }

    /// Sets the flag.
    func set() {
        value.withLock { $0 = true }
    }
}
