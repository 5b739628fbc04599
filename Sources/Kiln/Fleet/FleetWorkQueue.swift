import Foundation

/// The hand-off between the thread that lists a fleet and the threads that migrate it: a small bounded queue
/// of files waiting for a worker, and the results waiting for the listing thread, under one condition.
///
/// At most ``capacity`` files are outstanding (handed in, result not yet taken back), so memory holds a
/// few files and results whatever the size of the fleet. Workers are started on demand, up to
/// ``workerLimit``, only when no started worker is idle.
final class FleetWorkQueue: Sendable {
    /// How many files may be handed in and not yet have their results taken.
    let capacity: Int
    /// How many worker threads may exist.
    let workerLimit: Int

    private let state: LockedValue<State>

    /// A queue for `workerLimit` workers, holding up to `capacity` outstanding files (at least `workerLimit`).
    init(workerLimit: Int, capacity: Int) {
        self.workerLimit = max(1, workerLimit)
        self.capacity = max(self.workerLimit, capacity)
        self.state = LockedValue(State(capacity: self.capacity))
    }

    /// Whether the run is stopping: a worker met a failure under fail-fast, or found the run cancelled.
    var isStopping: Bool { state.withLock { $0.stopping } }

    /// Files that were handed in but never started because the run stopped.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// The most files that were being migrated at the same moment.
    var peakInFlight: Int { state.withLock { $0.peak } }

    // MARK: - The listing thread

    /// Waits until another file may be handed in, or results are ready; takes and returns the results.
    func waitForRoom() -> [FleetFileResult] {
        state.withLock(waitingUntil: \.hasRoomOrResults) { $0.takeFinished() }
    }

    /// Hands a file to the workers.
    ///
    /// - Returns: whether the caller must start one more worker (none is idle and the limit allows one).
    func submit(_ file: FleetFile) -> Bool {
        state.withLock { state in
            state.waiting.append(file)
            state.outstanding += 1
            self.state.wakeWaiters()
            guard state.idleWorkers < state.waiting.count, state.workers < workerLimit else { return false }
            state.workers += 1
            return true
        }
    }

    /// Says no more files will come.
    func close() {
        state.withLock { state in
            state.isClosed = true
            self.state.wakeWaiters()
        }
    }

    /// Waits for the next results; nil once every file handed in has had its result taken.
    func waitForResults() -> [FleetFileResult]? {
        state.withLock(waitingUntil: \.hasResultsOrNoneOutstanding) { state in
            state.outstanding == 0 ? nil : state.takeFinished()
        }
    }

    /// Waits until every worker has returned from ``next()`` for the last time.
    func waitForWorkersToExit() {
        state.withLock(waitingUntil: \.hasNoWorkers) { _ in }
    }

    /// Takes back the worker ``submit(_:)`` asked for when the system would not create its thread.
    func workerDidNotStart() {
        state.withLock { state in
            state.workers -= 1
            self.state.wakeWaiters()
        }
    }

    /// The next waiting file, taken for the listing thread to migrate itself, when no worker exists to take
    /// it (none could be started); nil otherwise. Its result goes back through ``finish(_:stop:)``.
    func takeWaitingWithoutWorkers() -> FleetFile? {
        state.withLock { state in
            guard state.workers == 0, !state.stopping, !state.waiting.isEmpty else { return nil }
            return state.start()
        }
    }

    // MARK: - Workers

    /// The next file to migrate, waiting for one; nil when the worker should exit (closed and empty, or
    /// stopping).
    ///
    /// The worker counts as idle from the moment it asks until it has its answer, waiting or not.
    func next() -> FleetFile? {
        state.withLock { $0.idleWorkers += 1 }
        return state.withLock(waitingUntil: \.hasWorkOrEnded) { state in
            state.idleWorkers -= 1
            guard !state.stopping, !state.waiting.isEmpty else {
                state.workers -= 1
                self.state.wakeWaiters()
                return nil
            }
            return state.start()
        }
    }

    /// Hands back the result of a file from ``next()``; with `stop`, no further file is started.
    func finish(_ result: FleetFileResult, stop: Bool) {
        state.withLock { state in
            state.inFlight -= 1
            state.finished.append(result)
            if stop { state.stop() }
            self.state.wakeWaiters()
        }
    }

    /// Gives back a file from ``next()`` unstarted, because the run was cancelled, and stops the run.
    func abandon(_ file: FleetFile) {
        state.withLock { state in
            state.inFlight -= 1
            state.outstanding -= 1
            state.dropped += 1
            state.stop()
            self.state.wakeWaiters()
        }
    }
}

extension FleetWorkQueue {
    /// The queue's counts and lists, used only with its lock held.
    fileprivate struct State {
        /// How many files may be outstanding.
        let capacity: Int
        var waiting: [FleetFile] = []
        var finished: [FleetFileResult] = []
        var outstanding = 0
        var isClosed = false
        var stopping = false
        var workers = 0
        var idleWorkers = 0
        var dropped = 0
        var inFlight = 0
        var peak = 0

        /// Another file may be handed in, or results are ready.
        var hasRoomOrResults: Bool { outstanding < capacity || !finished.isEmpty }
        /// Results are ready, or every file handed in has had its result taken.
        var hasResultsOrNoneOutstanding: Bool { outstanding <= 0 || !finished.isEmpty }
        /// Every worker has returned from ``FleetWorkQueue/next()`` for the last time.
        var hasNoWorkers: Bool { workers <= 0 }
        /// A file waits for a worker, or no more will come, or the run stops.
        var hasWorkOrEnded: Bool { !waiting.isEmpty || isClosed || stopping }

        /// Takes the first waiting file, counting it in flight.
        mutating func start() -> FleetFile {
            inFlight += 1
            peak = max(peak, inFlight)
            return waiting.removeFirst()
        }

        /// Stops starting files: the waiting ones are dropped, unstarted.
        mutating func stop() {
            stopping = true
            dropped += waiting.count
            outstanding -= waiting.count
            waiting.removeAll()
        }

        /// The results ready, taken from the queue.
        mutating func takeFinished() -> [FleetFileResult] {
            let taken = finished
            outstanding -= taken.count
            finished.removeAll(keepingCapacity: true)
            return taken
        }
    }
}
