import Foundation
import KilnTestSupport
import Testing

/// What a terminal shows of `text` once every `\r` has moved back to the line's start and every `ESC[K` has
/// cleared the rest of it: one string per line, the last one the line the cursor is on.
private func visibleLines(_ text: String) -> [String] {
    text.components(separatedBy: "\n").map { line in
        var shown = String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
        while shown.hasPrefix(erase.dropFirst()) { shown.removeFirst(erase.count - 1) }
        return shown
    }
}

/// What a progress line writes before each text, and alone to erase itself.
private let erase = "\r\u{1B}[K"

/// A project whose `item` seed has `rows` rows (a few megabytes: enough for several reports), plus `extra`
/// lines at the end of the file.
private func bigProject(rows: Int = 100_000, extra: String = "") throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    for (name, sql) in ShopFixture.migrations { try folder.write("migrations/shop/\(name)", sql) }
    var csv = "id,name,price\n"
    csv.reserveCapacity(rows * 32)
    for id in 10..<(rows + 10) { csv += "\(id),item number \(id),\(id % 100).5\n" }
    try folder.write("seeds/shop/item.csv", csv + extra)
    return folder
}

/// The columns `draw` takes on a terminal, for the names these tests use: CJK ideographs take two, the rest one.
private func columns(_ draw: String) -> Int {
    draw.unicodeScalars.reduce(0) { $0 + ((0x4E00...0x9FFF).contains($1.value) ? 2 : 1) }
}

/// Every text a progress line drew: what follows each erase, up to the next one, without a newline.
private func draws(_ text: String) -> [String] {
    text.components(separatedBy: erase).dropFirst().filter { !$0.isEmpty && !$0.contains("\n") }
}

// The binary throttles its line to ten draws a second, so these tests assert only what cannot race the clock:
// the first draw of a command (always at once), widths and erasing of every draw. What each report draws is
// tested in-process, unthrottled (ProgressCommandTests).
@Suite("progress on a pseudo-terminal", .serialized)
struct ProgressTerminalTests {
    @Test("build draws progress and erases it; its own line stays whole")
    func build() throws {
        let folder = try bigProject()
        let build = try KilnBinary.runInTerminal(["build"], in: folder.url)
        #expect(build.status == 0, "\(build.text)")
        #expect(
            build.text.contains(erase + "build shop · migrating 1/2"), "\(build.text.debugDescription)")
        let shown = visibleLines(build.normalized)
        #expect(shown.contains { $0.hasPrefix("shop: built build/shop.sqlite (version 2, 100001 rows") }, "\(shown)")
        #expect(!shown.contains { $0.contains("build shop ·") }, "a progress line was left: \(shown)")
        #expect(shown.last == "", "the cursor ends on a fresh line")
    }

    @Test("check draws which step and version, never wider than the run's width, and erases it")
    func check() throws {
        let folder = try bigProject(rows: 50_000)
        #expect(try KilnBinary.run(["hash", "shop"], in: folder.url).status == 0)
        // COLUMNS: the width the run decides on (``OutputSettings/width``), which the line must never exceed.
        let check = try KilnBinary.runInTerminal(
            ["check"], in: folder.url, columns: 60, environment: ["COLUMNS": "60"])
        #expect(check.status == 0, "\(check.text)")
        #expect(check.text.contains(erase + "check shop · migration files"), "\(check.text.debugDescription)")
        // Which upgrade version is shown depends on timing (each takes milliseconds here); the hook's reports are
        // tested in ProgressHookTests.
        for draw in check.normalized.components(separatedBy: erase) where !draw.contains("\n") {
            #expect(draw.count <= 57, "wider than the terminal: \(draw.debugDescription)")
        }
        let checked = visibleLines(check.normalized)
        #expect(checked.first?.hasPrefix("kiln check: passed, 1 database") == true, "\(checked)")
        #expect(checked.dropFirst().allSatisfy { $0.isEmpty }, "\(checked)")
    }

    @Test(
        "names of wide characters or control characters fit standard error's 40 columns, whatever COLUMNS says"
    )
    func awkwardNames() throws {
        let folder = try TemporaryDirectory()
        let wide = String(repeating: "商品", count: 10)
        let control = "x\n\u{1B}[31my"
        for name in [wide, control] {
            try folder.write("migrations/\(name)/0001_init.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY);\n")
        }
        // COLUMNS is stale (the window was 200 columns when the shell started): standard error's terminal wins.
        // `script` runs the command through $SHELL; bash would set COLUMNS to the terminal's width, sh keeps it.
        let environment = ["COLUMNS": "200", "SHELL": "/bin/sh"]
        let wideBuild = try KilnBinary.runInTerminal(
            ["build", wide, "--color", "never"], in: folder.url, columns: 40, environment: environment)
        #expect(wideBuild.status == 0, "\(wideBuild.text)")
        #expect(
            wideBuild.normalized.contains(erase + "build " + String(repeating: "商品", count: 7) + "商…"),
            "\(wideBuild.text.debugDescription)")
        let controlBuild = try KilnBinary.runInTerminal(
            ["build", control, "--color", "never"], in: folder.url, columns: 40, environment: environment)
        #expect(controlBuild.status == 0, "\(controlBuild.text)")
        #expect(
            controlBuild.normalized.contains(erase + "build x??[31my · migrating "),
            "\(controlBuild.text.debugDescription)")
        for result in [wideBuild, controlBuild] {
            let drawn = draws(result.normalized)
            #expect(!drawn.isEmpty)
            for draw in drawn { #expect(columns(draw) <= 37, "wider than the terminal: \(draw.debugDescription)") }
        }
    }

    @Test("seed draws the share read and erases it before its report")
    func seed() throws {
        let folder = try bigProject()
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "dev.sqlite"], in: folder.url).status == 0)
        let seed = try KilnBinary.runInTerminal(
            ["seed", "shop", "--db", "dev.sqlite", "--mode", "upsert"], in: folder.url)
        #expect(seed.status == 0, "\(seed.text)")
        #expect(seed.text.contains(erase + "seeding item · "), "\(seed.text.debugDescription)")
        #expect(seed.text.contains("% · "), "\(seed.text.debugDescription)")
        let seeded = visibleLines(seed.normalized)
        #expect(seeded.first?.hasPrefix("item: 100000 rows from seeds/shop/item.csv") == true, "\(seeded)")
        #expect(!seeded.contains { $0.contains("seeding") }, "\(seeded)")
    }

    @Test("a failing seed's diagnostic starts on a fresh line, never after the progress text")
    func diagnosticOnAFreshLine() throws {
        let folder = try bigProject(extra: "10,again,2\n")
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "dev.sqlite"], in: folder.url).status == 0)
        // Without colour, so the path is the line's first bytes (colour has tests of its own).
        let seed = try KilnBinary.runInTerminal(
            ["seed", "shop", "--db", "dev.sqlite", "--color", "never"], in: folder.url)
        #expect(seed.status == 1)
        #expect(
            seed.text.contains(erase + "seeding item · "),
            "progress must have been drawn: \(seed.text.debugDescription)")
        let line = try #require(seed.normalized.components(separatedBy: "\n").first { $0.contains("error:") })
        let path = "seeds/shop/item.csv:100002:1: error: "
        #expect(visibleLines(line).first?.hasPrefix(path) == true, "\(line.debugDescription)")
        // On the raw bytes too: the path follows an erase, never the progress text itself.
        let start = try #require(line.range(of: path)).lowerBound
        #expect(line[..<start].isEmpty || line[..<start].hasSuffix(erase), "\(line.debugDescription)")
    }

    @Test("nothing of it with --quiet, --json or TERM=dumb, or when standard error is a pipe")
    func noProgress() throws {
        let folder = try bigProject(rows: 20_000)
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "dev.sqlite"], in: folder.url).status == 0)
        let seed = ["seed", "shop", "--db", "dev.sqlite", "--mode", "upsert"]
        let runs = [
            try KilnBinary.runInTerminal(seed + ["--quiet"], in: folder.url),
            try KilnBinary.runInTerminal(seed + ["--json"], in: folder.url),
            try KilnBinary.runInTerminal(seed, in: folder.url, environment: ["TERM": "dumb"]),
            try KilnBinary.runInTerminal(["build", "--quiet"], in: folder.url),
        ]
        for result in runs {
            #expect(result.status == 0, "\(result.text)")
            #expect(!result.normalized.contains("\r"), "\(result.text.debugDescription)")
            #expect(!result.text.contains("seeding"), "\(result.text.debugDescription)")
        }
        let piped = try KilnBinary.run(seed, in: folder.url)
        #expect(piped.status == 0)
        #expect(!piped.standardError.contains("\r") && !piped.standardError.contains("seeding"))
    }
}
