import Foundation

/// What a progress line says, kept in parts so a narrow terminal loses the least useful ones first: the steps
/// (what is being done, most general first) and the figures after them, joined by ` · `, e.g.
/// `check catalog · build 1/2 · seeding product 2/7 · 131.1 k rows · 12% · 13.6 MB/s · 20 s left`.
///
/// When the whole does not fit, figures marked ``Figure/isSpare`` go first (the row count), then the steps are
/// cut, so the percentage, rate and time left stay in view at any ordinary width.
struct ProgressMessage: Equatable, Sendable {
    /// One figure of a message, e.g. `12%`.
    struct Figure: Equatable, Sendable {
        /// The figure as drawn.
        let text: String
        /// Whether it is the first to leave when the line is too narrow.
        let isSpare: Bool

        /// A figure `text`, spare or not.
        init(_ text: String, isSpare: Bool = false) {
            self.text = text
            self.isSpare = isSpare
        }
    }

    /// What joins steps and figures.
    static let separator = " · "

    /// What is being done, most general first, e.g. `["build shop", "seeding city 3/7"]`.
    var steps: [String]
    /// The figures after the steps, in the order drawn.
    var figures: [Figure]
    /// Whether the last step is a long quiet one (sealing, an integrity check) whose time so far the line
    /// shows, e.g. `sealing (12 s)`, counted from when the line first drew this message's steps.
    var isTimed: Bool

    /// A message of `steps` and `figures`.
    init(_ steps: [String], figures: [Figure] = [], isTimed: Bool = false) {
        self.steps = steps
        self.figures = figures
        self.isTimed = isTimed
    }

    /// A message of one step and no figures, e.g. a text made elsewhere.
    init(_ text: String) {
        self.init([text])
    }

    /// This message with `step` before its steps, e.g. the database a build is of.
    func after(_ step: String) -> ProgressMessage {
        var message = self
        message.steps.insert(step, at: 0)
        return message
    }

    /// The whole message, unfitted, without time so far.
    var text: String { fitted(columns: .max, elapsed: nil) }

    /// The message in at most `room` columns, control characters made visible: spare figures leave first, then
    /// the longest steps are cut (ending with `…`) to leave the other figures whole; only when even those do not fit is
    /// the whole cut. When ``isTimed`` and `elapsed` is a second or more, the last step ends with it: `(12 s)`.
    func fitted(columns room: Int, elapsed: TimeInterval?) -> String {
        var steps = self.steps.map(TerminalText.printable)
        if isTimed, let elapsed, elapsed >= 1, let last = steps.popLast() {
            steps.append("\(last) (\(ProgressFormat.duration(elapsed)))")
        }
        var kept = figures.map { Figure(TerminalText.printable($0.text), isSpare: $0.isSpare) }
        let label = steps.joined(separator: Self.separator)
        func whole() -> String { ([label] + kept.map(\.text)).joined(separator: Self.separator) }
        while TerminalText.columns(whole()) > room, let spare = kept.firstIndex(where: \.isSpare) {
            kept.remove(at: spare)
        }
        let all = whole()
        guard TerminalText.columns(all) > room, !kept.isEmpty else { return TerminalText.prefix(all, columns: room) }
        let tail = Self.separator + kept.map(\.text).joined(separator: Self.separator)
        let labelRoom = room - TerminalText.columns(tail)
        guard labelRoom >= Self.leastLabel else { return TerminalText.prefix(all, columns: room) }
        return Self.shortened(steps, to: labelRoom).joined(separator: Self.separator) + tail
    }

    /// `steps` joined in at most `room` columns: the widest step loses a column at a time (ending with `…`),
    /// so a long database or table name is cut before a short one disappears.
    private static func shortened(_ steps: [String], to room: Int) -> [String] {
        var steps = steps
        var widths = steps.map(TerminalText.columns)
        let joints = TerminalText.columns(separator) * max(steps.count - 1, 0)
        while widths.reduce(joints, +) > room, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > 2
        {
            steps[widest] = TerminalText.prefix(steps[widest], columns: widths[widest] - 1)
            widths[widest] = TerminalText.columns(steps[widest])
        }
        let label = steps.joined(separator: separator)
        return TerminalText.columns(label) > room ? [TerminalText.prefix(label, columns: room)] : steps
    }

    /// The fewest columns the steps are cut to before the figures are cut instead.
    private static let leastLabel = 12
}
