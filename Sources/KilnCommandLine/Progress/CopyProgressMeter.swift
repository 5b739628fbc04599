import Foundation
import Kiln

/// Draws an install's copy on a progress line, its rate and time left measured from the copy's first report
/// on the line's clock.
final class CopyProgressMeter: @unchecked Sendable {
    private let line: ProgressLine
    private let lock = NSLock()
    private var started: TimeInterval?

    /// A meter drawing on `line`.
    init(line: ProgressLine) {
        self.line = line
    }

    /// Shows how far the copy has got.
    func show(_ progress: DatabaseInstaller.CopyProgress) {
        let now = line.time
        let start = lock.withLock {
            if started == nil { started = now }
            return started ?? now
        }
        line.show(progress.progressText(elapsed: now - start))
    }
}
