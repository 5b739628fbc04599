import Foundation

extension FleetMigrator {
    /// The stack each worker thread gets: SQLite's parser and the migrator's recursion want more than the
    /// smallest default some platforms give secondary threads.
    static let workerStackSize = 4 << 20
    /// The most worker threads a run starts, whatever ``concurrency`` says.
    static let maximumConcurrency = 1024

    /// The body of ``migrate(_:onResult:isCancelled:)``: lists on the calling thread, migrates on workers,
    /// reports on the calling thread.
    func run<Files: Sequence>(
        _ files: Files, isCancelled: @escaping @Sendable () -> Bool, onResult: (FleetFileResult) -> Void,
        observe: (FleetWorkQueue) -> Void = { _ in }
    ) -> FleetSummary where Files.Element == FleetFile {
        let workers = min(max(1, concurrency), Self.maximumConcurrency)
        let queue = FleetWorkQueue(workerLimit: workers, capacity: 2 * workers)
        let stopwatch = Stopwatch()
        var summary = FleetSummary()
        func deliver(_ results: [FleetFileResult]) {
            for result in results {
                summary.add(result)
                onResult(result)
            }
        }
        var iterator = files.makeIterator()
        var unlisted = 0
        while let file = iterator.next() {
            deliver(queue.waitForRoom())
            if queue.isStopping || isCancelled() {
                unlisted = 1
                while iterator.next() != nil { unlisted += 1 }
                break
            }
            if queue.submit(file), !startWorker(queue, isCancelled: isCancelled) { queue.workerDidNotStart() }
            // No worker could be started at all: this thread migrates the file itself.
            while let waiting = queue.takeWaitingWithoutWorkers() {
                let result = migrateOne(waiting, isCancelled: isCancelled)
                queue.finish(result, stop: stopsAtFirstFailure && result.outcome.isFailure)
            }
        }
        queue.close()
        while let results = queue.waitForResults() { deliver(results) }
        queue.waitForWorkersToExit()
        observe(queue)
        summary.notStarted = unlisted + queue.droppedCount
        summary.stoppedEarly = summary.notStarted > 0
        summary.duration = stopwatch.elapsed
        return summary
    }

    /// Starts a thread that migrates files from `queue` until it is closed and empty, or stopping.
    ///
    /// - Returns: whether the system created the thread.
    private func startWorker(_ queue: FleetWorkQueue, isCancelled: @escaping @Sendable () -> Bool) -> Bool {
        DetachedThread.start(stackSize: Self.workerStackSize) { [self] in
            while let file = queue.next() {
                if isCancelled() {
                    queue.abandon(file)
                    continue
                }
                let result = migrateOne(file, isCancelled: isCancelled)
                queue.finish(result, stop: stopsAtFirstFailure && result.outcome.isFailure)
            }
        }
    }
}
