import Kiln

/// How a run's progress line meets the terminal it is drawn on: how wide that terminal is now, and how often
/// the line may be redrawn. The `kiln` executable passes ``standardError``; in-process callers (tests) pass
/// their own, e.g. a fixed width and no throttle, so what they assert never races the clock.
public struct ProgressTerminal: Sendable {
    /// The columns of the terminal the line is drawn on, nil when unknown (then the run's width decides:
    /// `COLUMNS`, else standard output's terminal, else 80). Asked again at most once a second while the line
    /// is drawn, so a resize counts.
    public var columns: @Sendable () -> Int?
    /// The least time between two draws, in seconds.
    public var interval: Double

    /// A terminal whose width comes from `columns`, drawn on at most once per `interval` seconds.
    public init(columns: @escaping @Sendable () -> Int? = { nil }, interval: Double = 0.1) {
        self.columns = columns
        self.interval = interval
    }

    /// The process's standard error, asked for its own width (not standard output's, not `COLUMNS`, which may
    /// be stale), ten draws a second at most.
    public static var standardError: ProgressTerminal {
        ProgressTerminal(columns: { StandardStream.error.columns })
    }
}
