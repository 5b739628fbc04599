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
final class ProgressLine: Sendable {
    /// What erases the line: back to its first column, then clear to its end.
    static let erase = "\r\u{1B}[K"
    /// The columns left free at the end of the line: one so the last column is never filled, two for the `^C`
    /// a terminal echoes there at Ctrl-C, so the erase after an interrupt still covers one whole line.
    static let spareColumns = 3
    /// How often, at most, the terminal's width is asked again, in seconds.
    static let measureInterval: TimeInterval = 1

    private let now: @Sendable () -> TimeInterval
    private let measure: @Sendable () -> Int?
    private let ticks: Bool
    /// The least time between two draws, in seconds.
    let interval: TimeInterval
    /// Everything that changes, and the terminal it is drawn on: one lock orders every write.
    private let state: LockedValue<State>

    /// A progress line written with `write` (standard error, a terminal).
    ///
    /// - Parameters:
    ///   - write: writes to the terminal; it must not draw this line itself (pass the raw stream), and once the
    ///     line exists it is called only with the line's lock held.
    ///   - width: the terminal's columns when `terminal` does not say.
    ///   - terminal: the terminal's own width and the least time between two draws.
    ///   - ticks: whether a timer draws a waiting text when its interval is over; tests turn it off and call
    ///     ``tick()`` themselves.
    ///   - now: the clock, in seconds; by default a monotonic one.
    init(
        write: @escaping (String) -> Void, width: Int = 80, terminal: ProgressTerminal = ProgressTerminal(),
        ticks: Bool = true, now: (@Sendable () -> TimeInterval)? = nil
    ) {
        self.interval = terminal.interval
        self.measure = terminal.columns
        self.ticks = ticks
        let stopwatch = Stopwatch()
        self.now = now ?? { stopwatch.elapsed }
        // Every write goes through this line's lock: standard output and error erase the line first, under it.
        self.state = LockedValue(sharing: State(write: write, fallbackColumns: max(width, 2)))
    }

    deinit {
        state.withLock { $0.ticker?.cancel() }
    }

    /// The columns the line is cut to ``spareColumns`` less of: the terminal's own when it says (as last asked), else the
    /// width set here (the run's: `COLUMNS`, standard output's terminal, or 80).
    var width: Int {
        get { state.withLock { $0.columns } }
        set { state.withLock { $0.fallbackColumns = max(newValue, 2) } }
    }

    /// Seconds on the line's clock, for rates measured by the caller.
    var time: TimeInterval { now() }

    /// Whether a ticker is waiting to draw a text that came too soon (for tests: it must stop once drawn).
    var isTicking: Bool { state.withLock { $0.ticker != nil } }

    /// Shows `text`: at once when nothing is drawn or the interval is over, else when it is.
    func show(_ text: String) {
        show(ProgressMessage(text))
    }

    /// Shows `message`: at once when nothing is drawn or the interval is over, else when it is.
    func show(_ message: ProgressMessage) {
        state.withLock { show(message, in: &$0) }
    }

    /// Shows `text`, or erases the line when it is nil, unless an update with a higher `sequence` was already
    /// applied: threads that number their updates in the order their state changed (``BuildProgressBoard``)
    /// can then never leave an older text drawn, whatever order they reach the line in.
    func show(_ text: ProgressMessage?, sequence: Int) {
        state.withLock { state in
            guard sequence > state.lastSequence else { return }
            state.lastSequence = sequence
            if let text { show(text, in: &state) } else { state.erase() }
        }
    }

    /// Draws a waiting text if its interval is over, or a timed one again with its time so far (the ticker
    /// calls this; tests may too).
    func tick() {
        state.withLock { state in
            if state.pending == nil, let drawnMessage = state.drawnMessage, drawnMessage.isTimed {
                state.pending = drawnMessage
            }
            drawPendingIfDue(in: &state)
            if state.pending == nil, state.drawnMessage?.isTimed != true { state.stopTicker() }
        }
    }

    /// Erases the line, if it is drawn, and forgets a waiting text: the next ``show(_:)`` draws at once.
    func clear() {
        state.withLock { $0.erase() }
    }

    /// Erases the line, then runs `body` (which prints a line of its own) with no redraw in between.
    func printAbove(_ body: () -> Void) {
        state.withLock { state in
            state.erase()
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

    private func show(_ message: ProgressMessage, in state: inout State) {
        state.pending = message
        drawPendingIfDue(in: &state)
        if state.pending != nil || state.drawnMessage?.isTimed == true {
            startTickerIfNeeded(in: &state)
        } else {
            state.stopTicker()
        }
    }

    private func drawPendingIfDue(in state: inout State) {
        guard let message = state.pending else { return }
        let time = now()
        guard state.drawn == nil || time - state.lastDraw >= interval else { return }
        state.pending = nil
        state.drawnMessage = message
        measureIfDue(at: time, in: &state)
        let elapsed = state.elapsed(of: message, at: time)
        let line = message.fitted(columns: Self.room(state.columns), elapsed: elapsed)
        guard line != state.drawn else { return }
        state.write(Self.erase + line)
        state.drawn = line
        state.lastDraw = time
    }

    /// Asks the terminal's width if it was never asked or last asked a second ago or more.
    private func measureIfDue(at time: TimeInterval, in state: inout State) {
        if let measured = state.measured, time - measured.time < Self.measureInterval { return }
        state.measured = (measure().flatMap { $0 > 1 ? $0 : nil }, time)
    }

    private func startTickerIfNeeded(in state: inout State) {
        guard ticks, interval > 0, state.ticker == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        state.ticker = timer
    }
}

extension ProgressLine {
    /// What the line has drawn and waits to draw, and the terminal it writes to: used only with the lock held.
    fileprivate struct State {
        /// Writes to the terminal.
        let write: (String) -> Void
        /// The width used while the terminal does not say its own.
        var fallbackColumns: Int
        /// The terminal's own width when last asked, and when that was.
        var measured: (columns: Int?, time: TimeInterval)?
        /// The text on the terminal, nil when the line is erased.
        var drawn: String?
        /// The message of ``drawn``, kept to redraw a timed one as its time goes on.
        var drawnMessage: ProgressMessage?
        /// The steps of the last timed message drawn, and when the line first drew them.
        var timedSince: (steps: [String], time: TimeInterval)?
        /// A message that arrived before the interval was over, drawn by the next update or tick.
        var pending: ProgressMessage?
        var lastDraw: TimeInterval = 0
        /// The highest sequence number applied by ``ProgressLine/show(_:sequence:)``.
        var lastSequence = Int.min
        var ticker: (any DispatchSourceTimer)?

        init(write: @escaping (String) -> Void, fallbackColumns: Int) {
            self.write = write
            self.fallbackColumns = fallbackColumns
        }

        /// The terminal's own width as last asked, else the fallback.
        var columns: Int { measured?.columns ?? fallbackColumns }

        /// Erases the line if it is drawn and forgets what waits.
        mutating func erase() {
            if drawn != nil { write(ProgressLine.erase) }
            drawn = nil
            drawnMessage = nil
            pending = nil
            stopTicker()
        }

        /// How long the line has shown a timed message's steps, nil for a message that is not timed.
        mutating func elapsed(of message: ProgressMessage, at time: TimeInterval) -> TimeInterval? {
            guard message.isTimed else { return nil }
            if timedSince?.steps != message.steps { timedSince = (message.steps, time) }
            return time - (timedSince?.time ?? time)
        }

        mutating func stopTicker() {
            ticker?.cancel()
            ticker = nil
        }
    }
}
