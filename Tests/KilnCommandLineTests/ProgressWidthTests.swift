import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Ten times "商品" (goods): 20 characters, 40 columns.
let wideName = String(repeating: "商品", count: 10)
/// A name holding a newline and the escape sequence that turns text red.
let controlName = "x\n\u{1B}[31my"

@Suite("the progress line counts terminal columns and shows control characters harmlessly")
struct ProgressWidthTests {
    @Test("East-Asian wide characters and emoji take two columns, combining and invisible ones none")
    func columns() {
        #expect(TerminalText.columns("seeding city") == 12)
        #expect(TerminalText.columns("商品") == 4)
        #expect(TerminalText.columns("ｶﾀｶﾅ") == 4, "halfwidth katakana: one column each")
        #expect(TerminalText.columns("ＡＢ") == 4, "fullwidth Latin letters: two each")
        #expect(TerminalText.columns("한국어") == 6)
        #expect(TerminalText.columns("e\u{301}te\u{301}") == 3, "a combining accent adds nothing")
        #expect(TerminalText.columns("a\u{200B}b") == 2, "a zero-width space takes no column")
        #expect(TerminalText.columns("👍") == 2)
        #expect(TerminalText.columns("👨‍👩‍👧") == 2, "a joined emoji family is one picture")
        #expect(TerminalText.columns("❤️") == 2, "a heart asked to be a picture")
        #expect(TerminalText.columns("❤") == 1, "a heart as text")
    }

    @Test("newlines, escape bytes and other control characters become a visible stand-in")
    func printable() {
        #expect(TerminalText.printable(controlName) == "x??[31my")
        #expect(TerminalText.printable("a\r\nb\tc\u{7F}\u{85}") == "a??b?c??")
        #expect(TerminalText.printable("a\u{2028}b\u{202E}c") == "a?b?c", "line separators and bidi overrides")
        #expect(TerminalText.printable("商品 é 👍") == "商品 é 👍", "printable text is kept as it is")
    }

    @Test("a line is cut by columns, never splitting a character, to three less than the width")
    func cutsByColumns() {
        let cut = ProgressLine.truncated("build \(wideName): migrating, version 1 of 1", width: 40)
        #expect(cut == "build 商品商品商品商品商品商品商品商" + "…", "\(cut)")
        #expect(TerminalText.columns(cut) <= 37)
        // A third 商 would take columns 9 and 10, leaving no room for the ellipsis: it is left out.
        #expect(ProgressLine.truncated("1234" + wideName, width: 13) == "1234商品…")
        #expect(ProgressLine.truncated("12345" + wideName, width: 13) == "12345商品…")
        #expect(TerminalText.columns(ProgressLine.truncated("12345" + wideName, width: 13)) == 10)
        #expect(ProgressLine.truncated(controlName, width: 40) == "x??[31my")
        #expect(ProgressLine.truncated(wideName, width: 43) == wideName, "40 columns fit in 43 less three")
    }

    @Test("the terminal's width is asked when drawing, again at most once a second, so a resize counts")
    func asksTheTerminalAgain() {
        let terminal = FakeTerminal(columns: 40)
        let capture = Capture()
        let clock = ManualClock()
        let line = ProgressLine(
            write: capture.write, width: 200, terminal: ProgressTerminal(columns: { terminal.read() }, interval: 0),
            ticks: false, now: { clock.now })
        let text = String(repeating: "x", count: 100)
        line.show(text + "1")
        #expect(capture.writes.last == ProgressLine.erase + String(repeating: "x", count: 36) + "…")
        #expect(line.width == 40, "the terminal's own width wins over the run's 200 (a stale COLUMNS)")
        terminal.columns = 20
        clock.advance(0.5)
        line.show(text + "2")
        #expect(capture.writes.last == ProgressLine.erase + String(repeating: "x", count: 36) + "…")
        clock.advance(0.5)
        line.show(text + "3")
        #expect(capture.writes.last == ProgressLine.erase + String(repeating: "x", count: 16) + "…", "resized")
        for _ in 0..<50 {
            clock.advance(0.01)
            line.show(text + "4")
        }
        #expect(terminal.asked == 2, "asked at the first draw, then once a second at most: \(terminal.asked)")
        terminal.columns = nil
        clock.advance(1)
        line.show(text)
        #expect(line.width == 200, "a terminal that does not say: the run's width")
    }

    @Test("in-process, a build of wide and control-character names draws only lines that fit and print")
    func buildOfAwkwardNames() throws {
        let folder = try TemporaryDirectory()
        for name in [wideName, controlName] {
            try folder.write("migrations/\(name)/0001_init.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY);\n")
        }
        // One database a run: a build of both shows only the oldest running one, so the other might never draw.
        var errors = ""
        for name in [wideName, controlName] {
            let status = KilnTool.run(
                ["build", name, "--color", "never"], currentDirectory: folder.url, standardOutput: { _ in },
                standardError: { errors += $0 }, standardErrorIsTerminal: true, environment: TestEnvironment.kiln,
                progressTerminal: ProgressTerminal(columns: { 40 }, interval: 0))
            #expect(status == 0, "\(errors)")
        }
        let draws = errors.components(separatedBy: ProgressLine.erase).dropFirst().filter { !$0.isEmpty }
        #expect(draws.contains { $0.hasPrefix("build 商品商品") && $0.hasSuffix("…") }, "\(draws)")
        #expect(draws.contains { $0.contains("x??[31my") }, "\(draws)")
        for draw in draws {
            #expect(TerminalText.columns(draw) <= 37, "\(draw.debugDescription)")
            #expect(
                !draw.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(draw.debugDescription)")
        }
        #expect(visibleLines(errors).last == "", "\(errors.debugDescription)")
    }
}

/// A terminal whose width a test changes, counting how often it was asked.
final class FakeTerminal: @unchecked Sendable {
    private let lock = NSLock()
    private var width: Int?
    private var count = 0

    /// A terminal `columns` wide.
    init(columns: Int?) { width = columns }

    /// The width it says, nil for none; setting it is a resize.
    var columns: Int? {
        get { lock.withLock { width } }
        set { lock.withLock { width = newValue } }
    }

    /// How often ``read()`` was called.
    var asked: Int { lock.withLock { count } }

    /// Answers as the terminal would.
    func read() -> Int? {
        lock.withLock {
            count += 1
            return width
        }
    }
}
