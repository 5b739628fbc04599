import Foundation
import Kiln
import KilnBuild
import Testing

@testable import KilnCommandLine

@Suite("progress figures and lines")
struct ProgressTextTests {
    @Test("percentages round down, counts and sizes shorten, rates and time left read as a person says them")
    func figures() {
        #expect(ProgressFormat.percent(0.419) == "41%")
        #expect(ProgressFormat.percent(0.999) == "99%")
        #expect(ProgressFormat.percent(1) == "100%")
        #expect(ProgressFormat.rows(1) == "1 row")
        #expect(ProgressFormat.rows(9_999) == "9999 rows")
        #expect(ProgressFormat.rows(40_100) == "40.1 k rows")
        #expect(ProgressFormat.rows(2_100_000) == "2.1 M rows")
        #expect(ProgressFormat.bytes(800) == "800 bytes")
        #expect(ProgressFormat.bytes(340_200_000) == "340.2 MB")
        #expect(ProgressFormat.bytes(1_200_000_000) == "1.2 GB")
        #expect(ProgressFormat.rate(bytes: 62_900_000, seconds: 1) == "62.9 MB/s")
        #expect(ProgressFormat.rate(bytes: 1_000, seconds: 0.01) == nil, "too early for a rate")
        #expect(ProgressFormat.timeLeft(11.2) == "12 s left")
        #expect(ProgressFormat.timeLeft(125) == "2 min 05 s left")
        #expect(ProgressFormat.timeLeft(3_720) == "1 h 02 min left")
    }

    @Test("one time-left estimate, in the library, for a seed's load and an install's copy alike")
    func oneTimeLeftEstimate() {
        #expect(TimeLeftEstimate.seconds(fractionCompleted: 0.5, elapsed: 6) == 6)
        #expect(TimeLeftEstimate.seconds(fractionCompleted: 0.005, elapsed: 6) == nil, "too early to tell")
        #expect(TimeLeftEstimate.seconds(fractionCompleted: 0.5, elapsed: 0.4) == nil, "too early to tell")
        #expect(TimeLeftEstimate.seconds(fractionCompleted: 1, elapsed: 6) == nil, "done: nothing left")
        // The same figures through both progress values: they cannot disagree.
        for (fraction, elapsed) in [(0.5, 6.0), (0.005, 6.0), (0.5, 0.5), (1.0, 9.0), (0.25, 2.0)] {
            let seed = SeedProgress(
                table: "t", rows: 1, bytes: Int(fraction * 1_000_000), totalBytes: 1_000_000, elapsed: elapsed)
            let copy = DatabaseInstaller.CopyProgress(copiedBytes: Int(fraction * 1_000_000), totalBytes: 1_000_000)
            #expect(seed.estimatedSecondsLeft == copy.estimatedSecondsLeft(elapsed: elapsed), "\(fraction), \(elapsed)")
        }
    }

    @Test("a seed's line names the table and its place, then the table's rows, percentage, rate and time left")
    func seedLine() {
        let progress = SeedProgress(
            table: "city", tableNumber: 3, tableCount: 7, rows: 2_600_000, tableRows: 2_100_000, bytes: 410_000_000,
            totalBytes: 1_000_000_000, elapsed: 8)
        #expect(progress.progressText.text == "seeding city 3/7 · 2.1 M rows · 41% · 51.2 MB/s · 12 s left")
        let single = SeedProgress(table: "item", rows: 0, bytes: 0, totalBytes: 100, elapsed: 0)
        #expect(single.progressText.text == "seeding item · 0 rows · 0%", "one table: no place; no rate or time yet")
        let indexing = SeedProgress(
            table: "city", tableNumber: 3, tableCount: 7, phase: .indexing, rows: 10, bytes: 50, totalBytes: 100,
            elapsed: 9)
        #expect(indexing.progressText.text == "seeding city 3/7 · indexing · 10 rows · 50%")
        #expect(indexing.progressText.isTimed, "rebuilding indexes is quiet: its time so far is shown")
    }

    @Test("check and install lines say which database, step and version")
    func checkAndInstallLines() {
        #expect(
            CheckProgress(database: "shop", step: .upgradePaths(version: 4, of: 12)).progressText.text
                == "check shop · upgrade paths 4/12")
        #expect(
            CheckProgress(database: "shop", step: .building(attempt: 1, of: 2, step: .migrating(version: 3, of: 5)))
                .progressText.text == "check shop · build 1/2 · migrating 3/5")
        let copy = DatabaseInstaller.CopyProgress(copiedBytes: 500_000_000, totalBytes: 1_000_000_000)
        #expect(
            copy.progressText(elapsed: 10).text
                == "copying the bundled database · 50% of 1.0 GB · 50.0 MB/s · 10 s left")
    }

    @Test("parallel builds show the oldest running database and how many others run, then nothing when done")
    func buildBoard() {
        let board = BuildProgressBoard(verb: "build")
        #expect(
            board.record(BuildProgress(database: "shop", step: .migrating(version: 1, of: 3))).text?.text
                == "build shop · migrating 1/3")
        #expect(
            board.record(BuildProgress(database: "city", step: .sealing)).text?.text
                == "build shop (+1 more) · migrating 1/3", "the line follows the oldest")
        let shopDone = board.record(BuildProgress(database: "shop", step: .finished))
        #expect(shopDone.sequence == 3 && shopDone.text?.text == "build city · sealing", "numbered in order")
        #expect(shopDone.text?.isTimed == true, "sealing is quiet: its time so far is shown")
        #expect(board.record(BuildProgress(database: "city", step: .finished)) == .init(sequence: 4, text: nil))
    }

    @Test("at 80 columns the percentage, rate and time left survive: the row count leaves, then names are cut")
    func figuresSurviveTheWidth() {
        let seed = SeedProgress(
            table: "product", tableNumber: 2, tableCount: 7, rows: 140_000, tableRows: 131_100, bytes: 120_000_000,
            totalBytes: 1_000_000_000, elapsed: 2.5)
        let check = CheckProgress(database: "catalog", step: .building(attempt: 1, of: 2, step: .seeding(seed)))
        let room = ProgressLine.room(80)
        #expect(
            check.progressText.fitted(columns: room, elapsed: nil)
                == "check catalog · build 1/2 · seeding product 2/7 · 12% · 48.0 MB/s · 19 s left")
        let long = CheckProgress(
            database: "catalogue_of_everything_we_sell",
            step: .building(attempt: 1, of: 2, step: .seeding(seed)))
        let cut = long.progressText.fitted(columns: room, elapsed: nil)
        #expect(
            cut == "check catalogue… · build 1/2 · seeding product… · 12% · 48.0 MB/s · 19 s left",
            "the longest names are cut first: \(cut)")
        #expect(TerminalText.columns(cut) == room, "\(cut)")
        #expect(seed.progressText.fitted(columns: room, elapsed: nil).contains("131.1 k rows"), "room for rows")
    }

    @Test("a quiet step shows its time so far, updated by the ticker, kept across a line printed above")
    func quietStepShowsElapsed() {
        let capture = Capture()
        let clock = ManualClock()
        let line = ProgressLine(write: capture.write, ticks: false, now: { clock.now })
        let board = BuildProgressBoard(verb: "build")
        board.report(BuildProgress(database: "catalog", step: .sealing), on: line)
        #expect(capture.writes.last == ProgressLine.erase + "build catalog · sealing")
        clock.advance(12.3)
        line.tick()
        #expect(capture.writes.last == ProgressLine.erase + "build catalog · sealing (12 s)")
        line.printAbove {}
        clock.advance(1)
        board.report(BuildProgress(database: "catalog", step: .sealing), on: line)
        #expect(capture.writes.last == ProgressLine.erase + "build catalog · sealing (13 s)", "the same step")
        board.report(BuildProgress(database: "catalog", step: .publishing), on: line)
        clock.advance(0.5)
        line.tick()
        #expect(capture.writes.last == ProgressLine.erase + "build catalog · putting the fresh file in place")
    }

    @Test("the real line keeps its ticker while a timed step is drawn, and stops it after")
    func tickerRunsWhileTimed() {
        let clock = ManualClock()
        let line = ProgressLine(write: { _ in }, now: { clock.now })
        line.show(ProgressMessage(["sealing"], isTimed: true))
        #expect(line.isTicking)
        clock.advance(1)
        line.show("done")
        #expect(!line.isTicking)
    }
}
