import Foundation
import KilnBuild

/// One line of seeding progress on a terminal's standard error, redrawn in place and cleared at the end.
final class ProgressLine {
    private let context: CommandContext
    private var isShown = false

    /// A progress line on `context`'s standard error, which must be a terminal.
    init(context: CommandContext) {
        self.context = context
    }

    /// Redraws the line: the table, the rows so far and the read rate, e.g. `seeding city: 40000 rows, 12.5 MB/s`.
    func show(_ progress: SeedProgress) {
        let seconds = max(progress.elapsed, 1e-9)
        let rate = Double(progress.bytes) / seconds / 1_000_000
        context.standardError(
            "\r\u{1B}[Kseeding \(progress.table): \(progress.rows) rows, \(String(format: "%.1f", rate)) MB/s")
        isShown = true
    }

    /// Erases the line, if it is drawn.
    func clear() {
        if isShown { context.standardError("\r\u{1B}[K") }
        isShown = false
    }
}
