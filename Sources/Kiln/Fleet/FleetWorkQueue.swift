import Foundation

/// The hand-off between the thread that lists a fleet and the threads that migrate it: a small bounded queue
/// of files waiting for a worker, and the results waiting for the listing thread, under one condition.
///
/// At most ``capacity`` files are outstanding (handed in, result not yet taken back), so memory holds a
/// few files and results whatever the size of the fleet. Workers are started on demand, up to
/// ``workerLimit``, only when no started worker is idle.
final class FleetWorkQueue: @unchecked Sendable {
    /// How many files may be handed in and not yet have their results taken.
    let capacity: Int
    /// How many worker threads may exist.
    let workerLimit: Int

    private let condition = NSCondition()
    private var waiting: [FleetFile] = []
    private var finished: [FleetFileResult] = []
    private var outstanding = 0
    private var isClosed = false
    private var stopping = false
    private var workers = 0
    private var idleWorkers = 0
    private var dropped = 0
    private var inFlight = 0
    private var peak = 0

    /// A queue for `workerLimit` workers, holding up to `capacity` outstanding files (at least `workerLimit`).
    init(workerLimit: Int, capacity: Int) {
        self.workerLimit = max(1, workerLimit)
        self.capacity = max(self.workerLimit, capacity)
    }

    /// Whether the run is stopping: a worker met a failure under fail-fast, or found the run cancelled.
    var isStopping: Bool { locked { stopping } }

    /// Files that were handed in but never started because the run stopped.
    var droppedCount: Int { locked { dropped } }

    /// The most files that were being migrated at the same moment.
    var peakInFlight: Int { locked { peak } }

    // MARK: - The listing thread

    /// Waits until another file may be handed in, or results are ready; takes and returns the results.
    func waitForRoom() -> [FleetFileResult] {
        locked {
            while outstanding >= capacity && finished.isEmpty { condition.wait() }
            return takeFinishedLocked()
        }
    }

    /// Hands a file to the workers.
    ///
    /// - Returns: whether the caller must start one more worker (none is idle and the limit allows one).
    func submit(_ file: FleetFile) -> Bool {
        locked {
            waiting.append(file)
            outstanding += 1
            condition.broadcast()
            guard idleWorkers < waiting.count, workers < workerLimit else { return false }
            workers += 1
            return true
        }
    }

    /// Says no more files will come.
    func close() {
        locked {
            isClosed = true
            condition.broadcast()
        }
    }

    /// Waits for the next results; nil once every file handed in has had its result taken.
    func waitForResults() -> [FleetFileResult]? {
        locked {
            while outstanding > 0 && finished.isEmpty { condition.wait() }
            return outstanding == 0 ? nil : takeFinishedLocked()
        }
    }

    /// Waits until every worker has returned from ``next()`` for the last time.
    func waitForWorkersToExit() {
        locked { while workers > 0 { condition.wait() } }
    }

    /// Takes back the worker ``submit(_:)`` asked for when the system would not create its thread.
    func workerDidNotStart() {
        locked {
            workers -= 1
            condition.broadcast()
        }
    }

    /// The next waiting file, taken for the listing thread to migrate itself, when no worker exists to take
    /// it (none could be started); nil otherwise. Its result goes back through ``finish(_:stop:)``.
    func takeWaitingWithoutWorkers() -> FleetFile? {
        locked {
            guard workers == 0, !stopping, !waiting.isEmpty else { return nil }
            inFlight += 1
            peak = max(peak, inFlight)
            return waiting.removeFirst()
        }
    }

    // MARK: - Workers

    /// The next file to migrate, waiting for one; nil when the worker should exit (closed and empty, or
    /// stopping).
    func next() -> FleetFile? {
        locked {
            idleWorkers += 1
            while waiting.isEmpty && !isClosed && !stopping { condition.wait() }
            idleWorkers -= 1
            guard !stopping, !waiting.isEmpty else {
                workers -= 1
                condition.broadcast()
                return nil
            }
            inFlight += 1
            peak = max(peak, inFlight)
            return waiting.removeFirst()
        }
    }

    /// Hands back the result of a file from ``next()``; with `stop`, no further file is started.
    func finish(_ result: FleetFileResult, stop: Bool) {
        locked {
            inFlight -= 1
            finished.append(result)
            if stop { stopLocked() }
            condition.broadcast()
        }
    }

    /// Gives back a file from ``next()`` unstarted, because the run was cancelled, and stops the run.
    func abandon(_ file: FleetFile) {
        locked {
            inFlight -= 1
            outstanding -= 1
            dropped += 1
            stopLocked()
            condition.broadcast()
        }
    }

    // MARK: - Plumbing

    /// Stops starting files: the waiting ones are dropped, unstarted.
    private func stopLocked() {
        stopping = true
        dropped += waiting.count
        outstanding -= waiting.count
        waiting.removeAll()
    }

    /// The results ready, taken from the queue.
    private func takeFinishedLocked() -> [FleetFileResult] {
        let taken = finished
        outstanding -= taken.count
        finished.removeAll(keepingCapacity: true)
        return taken
    }

    /// Runs `body` holding the lock.
    private func locked<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
