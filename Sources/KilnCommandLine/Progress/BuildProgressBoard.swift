import Foundation
import Kiln
import KilnBuild

/// The progress of databases that build in parallel, on one line: the database that started first among
/// those still building, and how many others are building, e.g.
/// `build shop (+1 more) · seeding city 3/7 · 2.1 M rows · 41% · 62.9 MB/s · 12 s left` (the count early, so
/// cutting the line to the terminal's width never hides it). Following the oldest keeps the line steady
/// instead of jumping between databases at every report.
///
/// Each record is numbered in the order the board's state changed, and the line drops an update older than
/// one it already applied: a thread that recorded first but reached the line last cannot draw a database
/// that has since finished.
final class BuildProgressBoard: Sendable {
    /// What the line should show after one record: a text, or nothing (every database is done), numbered in
    /// the order of the records.
    struct Update: Equatable {
        /// The record's place in the board's order, from 1.
        let sequence: Int
        /// The line's message, nil when every database is done.
        let text: ProgressMessage?
    }

    /// What the board has been told so far.
    private struct Records {
        /// Each database's latest step, in the order they first reported.
        var steps: [(database: String, step: BuildProgress.Step)] = []
        /// How many records there were.
        var count = 0
    }

    private let verb: String
    private let records = LockedValue(Records())

    /// A board whose lines start with `verb` (`build`, `reset`).
    init(verb: String) {
        self.verb = verb
    }

    /// Records `progress` and shows the board on `line` (or erases it when every database is done).
    func report(_ progress: BuildProgress, on line: ProgressLine) {
        let update = record(progress)
        line.show(update.text, sequence: update.sequence)
    }

    /// Records `progress` and returns what to show, numbered.
    func record(_ progress: BuildProgress) -> Update {
        records.withLock { records in
            if let index = records.steps.firstIndex(where: { $0.database == progress.database }) {
                records.steps[index].step = progress.step
            } else {
                records.steps.append((progress.database, progress.step))
            }
            records.count += 1
            let running = records.steps.filter { $0.step != .finished }
            guard let shown = running.first else { return Update(sequence: records.count, text: nil) }
            let others = running.count > 1 ? " (+\(running.count - 1) more)" : ""
            let text = shown.step.progressText.after("\(verb) \(shown.database)\(others)")
            return Update(sequence: records.count, text: text)
        }
    }
}
