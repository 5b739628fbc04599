import Foundation
import KilnBuild

/// The progress of databases that build in parallel, on one line: the database that started first among
/// those still building, and how many others are building, e.g.
/// `build shop (+1 more): seeding city (3 of 7): 41%, 2.1 M rows, 62.9 MB/s, 12 s left` (the count first, so
/// cutting the line to the terminal's width never hides it). Following the oldest keeps the line steady
/// instead of jumping between databases at every report.
final class BuildProgressBoard: @unchecked Sendable {
    private let verb: String
    private let lock = NSLock()
    /// Each database's latest step, in the order they first reported.
    private var steps: [(database: String, step: BuildProgress.Step)] = []

    /// A board whose lines start with `verb` (`build`, `reset`).
    init(verb: String) {
        self.verb = verb
    }

    /// Records `progress` and returns the line to show, or nil when every database is done.
    func record(_ progress: BuildProgress) -> String? {
        lock.withLock {
            if let index = steps.firstIndex(where: { $0.database == progress.database }) {
                steps[index].step = progress.step
            } else {
                steps.append((progress.database, progress.step))
            }
            let running = steps.filter { $0.step != .finished }
            guard let shown = running.first else { return nil }
            let others = running.count > 1 ? " (+\(running.count - 1) more)" : ""
            return "\(verb) \(shown.database)\(others): \(shown.step.progressText)"
        }
    }
}
