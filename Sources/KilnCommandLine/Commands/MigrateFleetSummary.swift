import Foundation
import Kiln

extension MigrateFleetText {
    /// The outcomes in the order the summary lists them.
    static let outcomeOrder: [FleetFileResult.Outcome] = [
        .migrated, .upToDate, .failed, .refused, .busy, .interrupted, .vanished,
    ]

    /// The summary's lines: `app: 10,000 files in 3.2 s: 9,990 migrated, 5 up to date, 3 failed, 2 refused`, then
    /// the starting versions, the slowest files and, when the run stopped at a failure, the files not started.
    func summary(_ summary: FleetSummary) -> [String] {
        let seconds = String(format: "%.1f", summary.duration)
        var lines = ["\(heading): \(Self.files(summary.fileCount)) in \(seconds) s: \(counts(summary))"]
        let versions = summary.startingVersions.sorted { $0.key < $1.key }.enumerated().map { index, entry in
            "from version \(entry.key): \(index == 0 ? Self.files(entry.value) : Self.grouped(entry.value))"
        }
        if !versions.isEmpty { lines.append("  " + versions.joined(separator: "; ")) }
        let slowest = Self.slowest(summary).map { "\(pattern.shown($0.file)) \(Self.milliseconds($0.duration))" }
        if !slowest.isEmpty { lines.append("  slowest: " + slowest.joined(separator: ", ")) }
        if summary.stoppedEarly {
            lines.append("  stopped at the first failure: \(Self.files(summary.notStarted)) not started")
        }
        return lines
    }

    /// The counts by outcome, those above zero: `9,990 migrated, 5 up to date, 3 failed`.
    func counts(_ summary: FleetSummary) -> String {
        Self.outcomeOrder.compactMap { outcome -> String? in
            guard let count = summary.counts[outcome], count > 0 else { return nil }
            return "\(Self.grouped(count)) \(Self.name(of: outcome, dryRun: dryRun))"
        }.joined(separator: ", ")
    }

    /// The slowest files worth naming: those that took 1 ms or more (a file read from its header alone is
    /// not slow, so an all-up-to-date run names none).
    static func slowest(_ summary: FleetSummary) -> [FleetFileResult] {
        summary.slowest.filter { $0.duration >= 0.001 }
    }

    /// What the interrupt line says after `interrupted (SIGINT)`: `after 4,000 of 10,000 files (3,990
    /// migrated, 8 up to date, 2 failed)`.
    func interruptedProgress(_ summary: FleetSummary, of total: Int) -> String {
        let counts = counts(summary)
        let after = "after \(Self.grouped(summary.fileCount)) of \(Self.files(total))"
        return counts.isEmpty ? after : "\(after) (\(counts))"
    }

    /// The line of a shard that holds none of the files: fine, since other shards hold them.
    func emptyShard(overall: Int) -> String {
        "\(heading): none of the \(Self.files(overall)) matching '\(pattern.text)' is in this shard; nothing to do"
    }

    /// `app`, `app, shard 2/4`, `app, dry run`: what the summary line starts with.
    var heading: String {
        [database, shard.map { "shard \($0)" }, dryRun ? "dry run, no file changed" : nil].compactMap { $0 }
            .joined(separator: ", ")
    }

    /// An outcome as the summary counts it: `migrated`, `up to date`.
    static func name(of outcome: FleetFileResult.Outcome, dryRun: Bool) -> String {
        switch outcome {
        case .migrated: dryRun ? "would migrate" : "migrated"
        case .upToDate: "up to date"
        case .failed: "failed"
        case .refused: "refused"
        case .busy: "busy"
        case .interrupted: "interrupted"
        case .vanished: "vanished"
        }
    }
}
