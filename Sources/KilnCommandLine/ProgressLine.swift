import Foundation
import KilnBuild

/// One line of progress on a terminal's standard error, redrawn in place and erased before anything else is
/// printed. ``CommandContext/progress`` holds it only when the run shows progress.
final class ProgressLine {
    private let write: (String) -> Void
    private var isShown = false

    /// A progress line written with `write` (standard error, a terminal).
    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// Redraws the line with `text`.
    func show(_ text: String) {
        write("\r\u{1B}[K" + text)
        isShown = true
    }

    /// Redraws the line: the table, the rows so far and the read rate, e.g. `seeding city: 40000 rows, 12.5 MB/s`.
    func show(_ progress: SeedProgress) {
        let seconds = max(progress.elapsed, 1e-9)
        let rate = Double(progress.bytes) / seconds / 1_000_000
        show("seeding \(progress.table): \(progress.rows) rows, \(String(format: "%.1f", rate)) MB/s")
    }

    /// Erases the line, if it is drawn.
    func clear() {
        if isShown { write("\r\u{1B}[K") }
        isShown = false
    }
}
