import Foundation
import Kiln

/// One line of progress on a terminal's standard error, redrawn in place and erased before anything else is
/// printed. ``CommandContext/progress`` holds it only when the run shows progress.
///
/// - Throttled: the first text is drawn at once, later ones at most once per ``interval``; a text that arrives
///   sooner waits, and a ticker draws it when the interval is over, so a step that goes quiet (rebuilding
///   indexes, sealing) is still shown while it runs. A timed message (``ProgressMessage/isTimed``) keeps the
///   ticker going and shows its time so far, `sealing (12 s)`; otherwise the ticker stops as soon as nothing
///   waits.
/// - Never wider than the terminal minus ``spareColumns``, counted in columns (``TerminalText``), with control
///   characters made visible and the least useful parts dropped first (``ProgressMessage``): a line that
///   wrapped could not be erased with `\r`, one that filled the last column would leave some terminals waiting
///   to wrap, and the `^C` a terminal echoes after the line at Ctrl-C must not wrap it either. The terminal's
///   width is asked again at most once a second, so a resize counts.
/// - Safe from several threads (databases build in parallel): one lock orders every write, and updates that
///   carry a sequence number (``show(_:sequence:)``) are never drawn after a later one.
final class ProgressLine: @unchecked Sendable {
    /// What erases the line: back to its first column, then clear to its end.
    static let erase = "\r\u{1B}[K"
    /// The columns left free at the end of the line: one so the last column is never filled, two for the `^C`
    /// a terminal echoes there at Ctrl-C, so the erase after an interrupt still covers one whole line.
    static let spareColumns = 3
    /// How often, at most, the terminal's width is asked again, in seconds.
    static let measureInterval: TimeInterval = 1

    private let write: (String) -> Void
    private let now: @Sendable () -> TimeInterval
    private let measure: @Sendable () -> Int?
    private let ticks: Bool
    private let lock = NSLock()
    /// The least time between two draws, in seconds.
    let interval: TimeInterval
    /// The width used while the terminal does not say its own.
    private var fallbackColumns = 80
    /// The terminal's own width when last asked, and when that was.
    private var measured: (columns: Int?, time: TimeInterval)?
    /// The text on the terminal, nil when the line is erased.
    private var drawn: String?
    /// The message of ``drawn``, kept to redraw a timed one as its time goes on.
    private var drawnMessage: ProgressMessage?
    /// The steps of the last timed message drawn, and when the line first drew them.
    private var timedSince: (steps: [String], time: TimeInterval)?
    /// A message that arrived before the interval was over, drawn by the next update or tick.
    private var pending: ProgressMessage?
    private var lastDraw: TimeInterval = 0
    /// The highest sequence number applied by ``show(_:sequence:)``.
    private var lastSequence = Int.min
    private var ticker: (any DispatchSourceTimer)?

    /// A progress line written with `write` (standard error, a terminal).
    ///
    /// - Parameters:
    ///   - write: writes to the terminal; it must not draw this line itself (pass the raw stream).
    ///   - width: the terminal's columns when `terminal` does not say.
    ///   - terminal: the terminal's own width and the least time between two draws.
    ///   - ticks: whether a timer draws a waiting text when its interval is over; tests turn it off and call
    ///     ``tick()`` themselves.
    ///   - now: the clock, in seconds; by default a monotonic one.
    init(
        write: @escaping (String) -> Void, width: Int = 80, terminal: ProgressTerminal = ProgressTerminal(),
        ticks: Bool = true, now: (@Sendable () -> TimeInterval)? = nil
    ) {
        self.write = write
        self.interval = terminal.interval
        self.measure = terminal.columns
        self.ticks = ticks
        let stopwatch = Stopwatch()
        self.now = now ?? { stopwatch.elapsed }
        self.fallbackColumns = max(width, 2)
    }

    deinit {
        ticker?.cancel()
    }

    /// The columns the line is cut to ``spareColumns`` less of: the terminal's own when it says (as last asked), else the
    /// width set here (the run's: `COLUMNS`, standard output's terminal, or 80).
    var width: Int {
        get { lock.withLock { columnsLocked } }
        set { lock.withLock { fallbackColumns = max(newValue, 2) } }
    }

    /// Seconds on the line's clock, for rates measured by the caller.
    var time: TimeInterval { now() }

    /// Whether a ticker is waiting to draw a text that came too soon (for tests: it must stop once drawn).
    var isTicking: Bool { lock.withLock { ticker != nil } }

    /// Shows `text`: at once when nothing is drawn or the interval is over, else when it is.
    func show(_ text: String) {
        show(ProgressMessage(text))
    }

    /// Shows `message`: at once when nothing is drawn or the interval is over, else when it is.
    func show(_ message: ProgressMessage) {
        lock.withLock { showLocked(message) }
    }

    /// Shows `text`, or erases the line when it is nil, unless an update with a higher `sequence` was already
    /// applied: threads that number their updates in the order their state changed (``BuildProgressBoard``)
    /// can then never leave an older text drawn, whatever order they reach the line in.
    func show(_ text: ProgressMessage?, sequence: Int) {
        lock.withLock {
            guard sequence > lastSequence else { return }
            lastSequence = sequence
            if let text { showLocked(text) } else { eraseLocked() }
        }
    }

    /// Draws a waiting text if its interval is over, or a timed one again with its time so far (the ticker
    /// calls this; tests may too).
    func tick() {
        lock.withLock {
            if pending == nil, let drawnMessage, drawnMessage.isTimed { pending = drawnMessage }
            drawPendingIfDue()
            if pending == nil, drawnMessage?.isTimed != true { stopTicker() }
        }
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

    /// `text` with its control characters made visible, cut to fit in `width` less ``spareColumns`` columns,
    /// ending with `…` when cut.
    static func truncated(_ text: String, width: Int) -> String {
        ProgressMessage(text).fitted(columns: room(width), elapsed: nil)
    }

    /// The columns a line may take on a terminal `width` columns wide.
    static func room(_ width: Int) -> Int {
        max(width - spareColumns, 1)
    }

    private var columnsLocked: Int { measured?.columns ?? fallbackColumns }

    private func showLocked(_ message: ProgressMessage) {
        pending = message
        drawPendingIfDue()
        if pending != nil || drawnMessage?.isTimed == true { startTickerIfNeeded() } else { stopTicker() }
    }

    private func eraseLocked() {
        if drawn != nil { write(Self.erase) }
        drawn = nil
        drawnMessage = nil
        pending = nil
        stopTicker()
    }

    private func drawPendingIfDue() {
        guard let message = pending else { return }
        let time = now()
        guard drawn == nil || time - lastDraw >= interval else { return }
        pending = nil
        drawnMessage = message
        measureIfDue(at: time)
        let line = message.fitted(columns: Self.room(columnsLocked), elapsed: elapsed(of: message, at: time))
        guard line != drawn else { return }
        write(Self.erase + line)
        drawn = line
        lastDraw = time
    }

    /// How long the line has shown a timed message's steps, nil for a message that is not timed.
    private func elapsed(of message: ProgressMessage, at time: TimeInterval) -> TimeInterval? {
        guard message.isTimed else { return nil }
        if timedSince?.steps != message.steps { timedSince = (message.steps, time) }
        return time - (timedSince?.time ?? time)
    }

    /// Asks the terminal's width if it was never asked or last asked a second ago or more.
    private func measureIfDue(at time: TimeInterval) {
        if let measured, time - measured.time < Self.measureInterval { return }
        measured = (measure().flatMap { $0 > 1 ? $0 : nil }, time)
    }

    private func startTickerIfNeeded() {
        guard ticks, interval > 0, ticker == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        ticker = timer
    }

    private func stopTicker() {
        ticker?.cancel()
        ticker = nil
    }
}
