import Dispatch
import Foundation

/// Elapsed time from a monotonic clock, in seconds: what kiln reports as durations. It uses `DispatchTime`
/// rather than `ContinuousClock`, which needs iOS 16 and macOS 13.
package struct Stopwatch: Sendable {
    private let started = DispatchTime.now().uptimeNanoseconds

    /// A stopwatch started now.
    package init() {}

    /// The seconds since the stopwatch started.
    package var elapsed: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
