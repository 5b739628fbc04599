/// ANSI Select Graphic Rendition sequences, the few diagnostics use. Each painted span resets at its end, so
/// nothing bleeds into the next span or line.
enum TerminalStyle {
    /// A text style: the SGR parameters between `ESC[` and `m`.
    enum Style: String {
        /// Bold, default colour: locations and messages.
        case bold = "1"
        /// Bold red: `error:`.
        case boldRed = "1;31"
        /// Bold magenta: `warning:`.
        case boldMagenta = "1;35"
        /// Bold cyan: `note:`.
        case boldCyan = "1;36"
    }

    /// The sequence that turns every attribute off.
    static let reset = "\u{1B}[0m"

    /// `text` in `style`, reset after it.
    static func paint(_ text: String, _ style: Style) -> String {
        "\u{1B}[\(style.rawValue)m\(text)\(reset)"
    }

    /// `text` in bold, reset after it.
    static func bold(_ text: String) -> String { paint(text, .bold) }
}
