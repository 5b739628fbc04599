import Foundation

/// What a fleet run did, in figures whose size does not grow with the fleet: counts by outcome and by
/// starting version, and the few slowest files.
public struct FleetSummary: Sendable {
    /// How many slowest files ``slowest`` keeps.
    public static let slowestKept = 5

    /// Files that got a result.
    public internal(set) var fileCount = 0
    /// Files by outcome.
    public internal(set) var counts: [FleetFileResult.Outcome: Int] = [:]
    /// Files by the version they started at (files whose version could not be read are not counted).
    public internal(set) var startingVersions: [Int32: Int] = [:]
    /// The slowest files, slowest first, at most ``slowestKept``.
    public internal(set) var slowest: [FleetFileResult] = []
    /// Files never started because the run stopped early (``FleetMigrator/stopsAtFirstFailure`` or
    /// cancellation); they are unchanged.
    public internal(set) var notStarted = 0
    /// Whether the run stopped before every file was started.
    public internal(set) var stoppedEarly = false
    /// Seconds from the first file started to the last finished.
    public internal(set) var duration: TimeInterval = 0

    /// An empty summary.
    package init() {}

    /// Files whose outcome makes the run fail.
    public var failureCount: Int { counts.filter { $0.key.isFailure }.reduce(0) { $0 + $1.value } }

    /// Whether every file ended migrated, up to date or vanished, and none was left unstarted.
    public var succeeded: Bool { failureCount == 0 && !stoppedEarly }

    /// Counts one more result.
    package mutating func add(_ result: FleetFileResult) {
        fileCount += 1
        counts[result.outcome, default: 0] += 1
        if let version = result.fromVersion { startingVersions[version, default: 0] += 1 }
        guard slowest.count < Self.slowestKept || result.duration > slowest[slowest.count - 1].duration else {
            return
        }
        let index = slowest.firstIndex { $0.duration < result.duration } ?? slowest.count
        slowest.insert(result, at: index)
        if slowest.count > Self.slowestKept { slowest.removeLast() }
    }
}
