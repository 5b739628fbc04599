import Foundation
import Kiln

/// The one instant a build's SQL sees as 'now' (`CURRENT_TIMESTAMP`, `date('now')`, `strftime('%s','now')`…),
/// in every statement, migration and seed of the build: `SOURCE_DATE_EPOCH` when the environment sets it (the
/// reproducible-builds convention, <https://reproducible-builds.org/specs/source-date-epoch/>), otherwise the
/// time the build started. The build manifest records it.
public struct BuildClock: Sendable, Equatable, Hashable {
    /// The instant, in whole seconds since 1970-01-01 00:00:00 UTC.
    public let secondsSince1970: Int64
    /// Whether it came from `SOURCE_DATE_EPOCH` rather than the time the build started.
    public let isSourceDateEpoch: Bool

    /// The environment variable that pins the clock.
    public static let sourceDateEpochVariable = "SOURCE_DATE_EPOCH"

    /// A clock pinned at `secondsSince1970`.
    public init(secondsSince1970: Int64, isSourceDateEpoch: Bool) {
        self.secondsSince1970 = secondsSince1970
        self.isSourceDateEpoch = isSourceDateEpoch
    }

    /// A clock pinned at the current second.
    ///
    /// - Returns: the clock, not from `SOURCE_DATE_EPOCH`.
    public static func startingNow() -> BuildClock {
        BuildClock(secondsSince1970: Int64(Date().timeIntervalSince1970.rounded(.down)), isSourceDateEpoch: false)
    }

    /// The clock `SOURCE_DATE_EPOCH` pins in `environment`, or nil when it is not set.
    ///
    /// - Parameter environment: the process's environment (or a test's).
    /// - Throws: ``SourceDateEpochError`` when the value is not a whole number of seconds from 0 through
    ///   ``SQLiteClock/latestSecondsSince1970``.
    /// - Returns: the clock, or nil.
    public static func sourceDateEpoch(in environment: [String: String]) throws -> BuildClock? {
        guard let text = environment[sourceDateEpochVariable] else { return nil }
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let seconds = Int64(text), seconds <= SQLiteClock.latestSecondsSince1970
        else { throw SourceDateEpochError(value: text) }
        return BuildClock(secondsSince1970: seconds, isSourceDateEpoch: true)
    }

    /// The same instant as a connection's clock.
    package var sqliteClock: SQLiteClock { .pinned(secondsSince1970: secondsSince1970) }

    /// How the manifest names where the instant came from.
    var source: String { isSourceDateEpoch ? Self.sourceDateEpochVariable : "build start" }
}
