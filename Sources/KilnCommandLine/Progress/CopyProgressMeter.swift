import Foundation
import Kiln

/// Draws an install's copy on a progress line, its rate and time left measured from the copy's first report
/// on the line's clock.
final class CopyProgressMeter: Sendable {
    private let line: ProgressLine
    /// When the copy first reported, on the line's clock; nil before it did.
    private let started = LockedValue<TimeInterval?>(nil)

    /// A meter drawing on `line`.
    init(line: ProgressLine) {
        self.line = line
    }

    /// Shows how far the copy has got.
    func show(_ progress: DatabaseInstaller.CopyProgress) {
        let now = line.time
        let start = started.withLock { started in
            if started == nil { started = now }
            return started ?? now
        }
        line.show(progress.progressText(elapsed: now - start))
    }
}
