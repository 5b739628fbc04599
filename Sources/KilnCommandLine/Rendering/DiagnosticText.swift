import Kiln

/// How a diagnostic reads on standard error: clang's `path:line:col: error: message` text, coloured as clang and
/// swiftc colour it when the run's output settings allow colour. Without colour the text is exactly
/// ``Diagnostic/formatted(tool:)``, byte for byte, so only a terminal ever sees a difference.
struct DiagnosticText {
    /// Whether to add ANSI colour.
    let colors: Bool

    /// The text of one diagnostic and its hint line, without a final newline.
    ///
    /// - Parameters:
    ///   - diagnostic: what to print.
    ///   - tool: the name printed where the diagnostic has no location (`kiln`, `kiln migrate`).
    /// - Returns: the text, the hint on a second line.
    func render(_ diagnostic: Diagnostic, tool: String = "kiln") -> String {
        guard colors else { return diagnostic.formatted(tool: tool) }
        let prefix = diagnostic.shownLocation.map { TerminalStyle.bold("\($0):") } ?? "\(tool):"
        let message = OneLineText.escaped(diagnostic.message)
        var text = "\(prefix) \(label(diagnostic.severity)) \(body(message, diagnostic.severity))"
        if let hint = diagnostic.hint { text += "\n\(prefix) \(label(.note)) \(OneLineText.escaped(hint))" }
        return text
    }

    /// `error:`, `warning:` or `note:` in its colour.
    private func label(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: TerminalStyle.paint("error:", .boldRed)
        case .warning: TerminalStyle.paint("warning:", .boldMagenta)
        case .note: TerminalStyle.paint("note:", .boldCyan)
        }
    }

    /// The message: bold for errors and warnings, plain for notes, as clang prints them.
    private func body(_ message: String, _ severity: Diagnostic.Severity) -> String {
        severity == .note ? message : TerminalStyle.bold(message)
    }
}
