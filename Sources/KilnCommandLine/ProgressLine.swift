import Foundation
import Kiln

/// One line of progress on a terminal's standard error, redrawn in place and erased before anything else is
/// printed. ``CommandContext/progress`` holds it only when the run shows progress.
///
/// - Throttled: the first text is drawn at once, later ones at most once per ``interval``; a text that arrives
///   sooner waits, and a ticker draws it when the interval is over, so a step that goes quiet (rebuilding
///   indexes, sealing) is still shown while it runs.
/// - Never wider than ``width`` minus one column: a line that wrapped could not be erased with `\r`, and one
///   that filled the last column would leave some terminals waiting to wrap.
/// - Safe from several threads (databases build in parallel): one lock orders every write.
final class ProgressLine: @unchecked Sendable {
    /// What erases the line: back to its first column, then clear to its end.
    static let erase = "\r\u{1B}[K"

    private let write: (String) -> Void
    private let now: @Sendable () -> TimeInterval
    private let ticks: Bool
    private let lock = NSLock()
    /// The least time between two draws, in seconds.
    let interval: TimeInterval
    private var columns = 80
    /// The text on the terminal, nil when the line is erased.
    private var drawn: String?
    /// A text that arrived before the interval was over, drawn by the next update or tick.
    private var pending: String?
    private var lastDraw: TimeInterval = 0
    private var ticker: (any DispatchSourceTimer)?

    /// A progress line written with `write` (standard error, a terminal).
    ///
    /// - Parameters:
    ///   - write: writes to the terminal; it must not draw this line itself (pass the raw stream).
    ///   - width: the terminal's columns.
    ///   - interval: the least time between two draws, in seconds.
    ///   - ticks: whether a timer draws a waiting text when its interval is over; tests turn it off and call
    ///     ``tick()`` themselves.
    ///   - now: the clock, in seconds; by default a monotonic one.
    init(
        write: @escaping (String) -> Void, width: Int = 80, interval: TimeInterval = 0.1, ticks: Bool = true,
        now: (@Sendable () -> TimeInterval)? = nil
    ) {
        self.write = write
        self.interval = interval
        self.ticks = ticks
        let stopwatch = Stopwatch()
        self.now = now ?? { stopwatch.elapsed }
        self.columns = width
    }

    deinit {
        ticker?.cancel()
    }

    /// The terminal's columns; the line is cut to one less.
    var width: Int {
        get { lock.withLock { columns } }
        set { lock.withLock { columns = max(newValue, 2) } }
    }

    /// Seconds on the line's clock, for rates measured by the caller.
    var time: TimeInterval { now() }

    /// Shows `text`: at once when nothing is drawn or the interval is over, else when it is.
    func show(_ text: String) {
        lock.withLock {
            pending = text
            drawPendingIfDue()
            if pending != nil { startTickerIfNeeded() }
        }
    }

    /// Draws a waiting text if its interval is over (the ticker calls this; tests may too).
    func tick() {
        lock.withLock { drawPendingIfDue() }
    }

    /// Erases the line, if it is drawn, and forgets a waiting text: the next ``show(_:)`` draws at once.
    func clear() {
        lock.withLock { eraseLocked() }
    }

    /// Erases the line, then runs `body` (which prints a line of its own) with no redraw in between.
    func printAbove(_ body: () -> Void) {
        lock.withLock {
            eraseLocked()
            body()
        }
    }

    /// `text` cut to fit in `width - 1` columns, ending with `…` when cut.
    static func truncated(_ text: String, width: Int) -> String {
        let room = max(width - 1, 1)
        guard text.count > room else { return text }
        return String(text.prefix(room - 1)) + "…"
    }

    private func eraseLocked() {
        if drawn != nil { write(Self.erase) }
        drawn = nil
        pending = nil
        ticker?.cancel()
        ticker = nil
    }

    private func drawPendingIfDue() {
        guard let text = pending else { return }
        let time = now()
        guard drawn == nil || time - lastDraw >= interval else { return }
        pending = nil
        let line = Self.truncated(text, width: columns)
        guard line != drawn else { return }
        write(Self.erase + line)
        drawn = line
        lastDraw = time
    }

    private func startTickerIfNeeded() {
        guard ticks, ticker == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        ticker = timer
    }
}
