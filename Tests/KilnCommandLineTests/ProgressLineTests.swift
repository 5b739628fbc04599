import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// A clock tests move by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: TimeInterval = 0

    /// The time now.
    var now: TimeInterval { lock.withLock { seconds } }

    /// Moves the time on.
    func advance(_ delta: TimeInterval) { lock.withLock { seconds += delta } }
}

/// Collects what a progress line writes.
final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []

    /// Every write, in order.
    var writes: [String] { lock.withLock { parts } }
    /// Everything written, joined.
    var text: String { writes.joined() }

    /// Records one write.
    func write(_ text: String) { lock.withLock { parts.append(text) } }
}

@Suite("the progress line: throttling, cutting, erasing")
struct ProgressLineTests {
    let erase = ProgressLine.erase

    private func line(width: Int = 80) -> (ProgressLine, Capture, ManualClock) {
        let capture = Capture()
        let clock = ManualClock()
        let line = ProgressLine(write: capture.write, width: width, ticks: false, now: { clock.now })
        return (line, capture, clock)
    }

    @Test("the first text draws at once; later ones at most once per tenth of a second")
    func throttles() {
        let (line, capture, clock) = line()
        line.show("one")
        #expect(capture.writes == [erase + "one"])
        clock.advance(0.05)
        line.show("two")
        line.show("three")
        #expect(capture.writes == [erase + "one"], "a text inside the interval must wait")
        clock.advance(0.05)
        line.show("four")
        #expect(capture.writes == [erase + "one", erase + "four"])
        // Ten seconds of reports every millisecond draw about a hundred times, not ten thousand.
        for _ in 0..<10_000 {
            clock.advance(0.001)
            line.show("row")
            line.show("other")
        }
        #expect(capture.writes.count <= 102, "\(capture.writes.count) draws")
    }

    @Test("a text that waited is drawn by the tick once its interval is over, so a quiet step is still shown")
    func tickDrawsWaitingText() {
        let (line, capture, clock) = line()
        line.show("seeding")
        clock.advance(0.01)
        line.show("sealing")
        line.tick()
        #expect(capture.text == erase + "seeding", "the tick must respect the interval too")
        clock.advance(0.1)
        line.tick()
        #expect(capture.writes.last == erase + "sealing")
        line.tick()
        #expect(capture.writes.count == 2, "nothing waits any more")
    }

    @Test("a line is cut to three columns less than the width, ending with an ellipsis, and never holds a newline")
    func cutsToWidth() {
        let (line, capture, _) = line(width: 20)
        line.show("seeding city (3 of 7): 41%, 2.1 M rows, 62.9 MB/s, 12 s left")
        let drawn = String(capture.text.dropFirst(erase.count))
        #expect(drawn == "seeding city (3 …")
        #expect(drawn.count == 17, "one column never filled, two more for the ^C a terminal echoes at Ctrl-C")
        #expect(ProgressLine.truncated("a\nb", width: 20) == "a?b", "a newline would break the line")
        #expect(ProgressLine.truncated("short", width: 20) == "short")
        #expect(ProgressLine.truncated(String(repeating: "x", count: 17), width: 20).count == 17)
        #expect(ProgressLine.truncated(String(repeating: "x", count: 18), width: 20).hasSuffix("…"))
        #expect(ProgressLine.truncated(String(repeating: "x", count: 20), width: 20).hasSuffix("…"))
    }

    @Test("the ticker stops once the text that waited is drawn: nothing fires while nothing waits")
    func tickerStops() {
        let capture = Capture()
        let clock = ManualClock()
        let line = ProgressLine(write: capture.write, now: { clock.now })
        line.show("one")
        #expect(!line.isTicking, "drawn at once: nothing waits")
        clock.advance(0.01)
        line.show("two")
        #expect(line.isTicking, "a text waits for its interval")
        clock.advance(0.2)
        // The ticker may have fired by itself meanwhile; either way, once "two" is drawn it must stop.
        line.tick()
        #expect(capture.writes.last == erase + "two")
        #expect(!line.isTicking, "the ticker keeps firing with nothing waiting")
    }

    @Test("no database is drawn after every one finished, whatever order the threads reach the line in")
    func staleUpdateDropped() {
        let (line, capture, clock) = line()
        let board = BuildProgressBoard(verb: "build")
        board.report(BuildProgress(database: "shop", step: .migrating(version: 1, of: 1)), on: line)
        board.report(BuildProgress(database: "city", step: .sealing), on: line)
        clock.advance(1)
        // Thread A records shop's end (the line should now follow city), thread B then city's end; B reaches the
        // line first and erases it, A last with its older text.
        let a = board.record(BuildProgress(database: "shop", step: .finished))
        let b = board.record(BuildProgress(database: "city", step: .finished))
        #expect(a.text?.text == "build city · sealing" && b.text == nil && a.sequence < b.sequence)
        line.show(b.text, sequence: b.sequence)
        line.show(a.text, sequence: a.sequence)
        clock.advance(1)
        line.tick()
        #expect(visibleLines(capture.text).last == "", "a stale line was drawn: \(capture.writes)")
        #expect(capture.writes.last == erase)
    }

    @Test("clear erases only a drawn line; the next text after it draws at once")
    func clearErases() {
        let (line, capture, clock) = line()
        line.clear()
        #expect(capture.writes.isEmpty, "nothing drawn, nothing to erase")
        line.show("one")
        line.clear()
        #expect(capture.writes == [erase + "one", erase])
        clock.advance(0.01)
        line.show("two")
        #expect(capture.writes.last == erase + "two", "after an erase the line comes back at once")
        line.clear()
        clock.advance(1)
        line.tick()
        #expect(capture.writes.last == erase, "a cleared line is not drawn again by the tick")
    }

    @Test("printing above the line erases it first, with nothing drawn in between")
    func printAbove() {
        let (line, capture, _) = line()
        line.show("building")
        line.printAbove { capture.write("shop: built\n") }
        #expect(capture.writes == [erase + "building", erase, "shop: built\n"])
    }

    @Test("the context's standard output and standard error erase the progress line before they print")
    func contextErasesBeforeOutput() {
        let capture = Capture()
        var context = CommandContext(
            root: URL(fileURLWithPath: "/"), standardOutput: capture.write, standardError: capture.write,
            standardErrorIsTerminal: true)
        context.output.width = 30
        context.progress = ProgressLine(write: capture.write, ticks: false)
        #expect(context.progress?.width == 30, "the line takes the run's width")
        context.progress?.show("build shop: sealing")
        context.standardOutput("shop: built\n")
        context.progress?.show("build city: sealing")
        context.standardError("kiln: waiting\n")
        #expect(
            capture.writes == [
                erase + "build shop: sealing", erase, "shop: built\n", erase + "build city: sealing", erase,
                "kiln: waiting\n",
            ])
    }
}
