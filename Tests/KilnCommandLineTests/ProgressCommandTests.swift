import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// What a terminal shows of `text` once every `\r` has moved back to the line's start and every `ESC[K` has
/// cleared the rest of it: one string per line, the last one the line the cursor is on.
func visibleLines(_ text: String) -> [String] {
    text.components(separatedBy: "\n").map { line in
        var shown = String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
        while shown.hasPrefix("\u{1B}[K") { shown.removeFirst(3) }
        return shown
    }
}

/// Every text a progress line drew in `text`: what follows a `\r ESC[K` up to the next one, without a newline
/// (a line printed after an erase ends with one).
func progressDraws(_ text: String) -> [String] {
    text.components(separatedBy: ProgressLine.erase).dropFirst().filter { !$0.isEmpty && !$0.contains("\n") }
}

@Suite("progress of each command, in-process on a pretend terminal")
struct ProgressCommandTests {
    /// The shop project with `rows` seeded items, migrated into `shop.sqlite`.
    private func project(rows: Int = 40_000) throws -> ShopProject {
        let project = try ShopProject()
        let lines = (10..<rows + 10).map { "\($0),item \($0),1.5" }.joined(separator: "\n")
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n" + lines + "\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        return project
    }

    /// Runs kiln in `project` with standard error a terminal, with `environment` added. The line is never
    /// throttled (every report draws), so what a test asserts does not depend on how fast the machine is;
    /// `columns` is the terminal's own width, nil for one that does not say.
    private func run(
        _ arguments: [String], in project: ShopProject, environment: [String: String] = [:], terminal: Bool = true,
        columns: Int? = nil
    ) -> (status: Int32, output: String, errors: String) {
        var output = ""
        var errors = ""
        let status = KilnTool.run(
            arguments, currentDirectory: project.folder.url, standardOutput: { output += $0 },
            standardError: { errors += $0 }, standardErrorIsTerminal: terminal,
            environment: TestEnvironment.kiln.merging(environment) { _, new in new },
            progressTerminal: ProgressTerminal(columns: { columns }, interval: 0))
        return (status, output, errors)
    }

    @Test("seed, build, check, reset and install draw progress on standard error and erase it before they end")
    func everySlowCommandDrawsAndErases() throws {
        let project = try project()
        let commands: [([String], String)] = [
            (["seed", "shop", "--db", "shop.sqlite", "--mode", "upsert"], "seeding item · "),
            (["build"], "build shop · "),
            (["check"], "check shop · "),
            (["reset", "shop", "--db", "dev.sqlite"], "reset shop · "),
            (["install", "--bundled", "build/shop.sqlite", "--to", "app.sqlite"], "copying the bundled database · "),
        ]
        for (arguments, start) in commands {
            let result = run(arguments, in: project)
            let draws = progressDraws(result.errors)
            #expect(draws.contains { $0.hasPrefix(start) }, "\(arguments): \(result.errors.debugDescription)")
            #expect(
                visibleLines(result.errors).last == "", "\(arguments) left its line: \(result.errors.debugDescription)")
            #expect(!result.output.contains("\u{1B}"), "progress never goes to standard output")
        }
        let built = progressDraws(run(["build", "--force"], in: project).errors)
        #expect(
            Array(built.prefix(2)) == [
                "build shop · migrating 1/2", "build shop · migrating 2/2",
            ],
            "\(built)")
        #expect(built.contains { $0.hasPrefix("build shop · seeding item · ") && $0.contains("%") }, "\(built)")
    }

    @Test("no line is wider than standard error's terminal less three columns; COLUMNS only when it does not say")
    func cutToWidth() throws {
        let project = try project()
        let own = progressDraws(run(["check"], in: project, environment: ["COLUMNS": "200"], columns: 30).errors)
        let fallback = progressDraws(run(["check"], in: project, environment: ["COLUMNS": "30"]).errors)
        for draws in [own, fallback] {
            #expect(draws.contains { $0.hasSuffix("…") }, "some line must have been cut: \(draws)")
            for draw in draws { #expect(TerminalText.columns(draw) <= 27, "\(draw.debugDescription)") }
        }
    }

    @Test("nothing of it with --quiet, --json, TERM=dumb, or when standard error is not a terminal")
    func noProgressWhenItCannotHelp() throws {
        let project = try project(rows: 20_000)
        let runs = [
            run(["seed", "shop", "--db", "shop.sqlite", "--mode", "upsert", "--quiet"], in: project),
            run(["seed", "shop", "--db", "shop.sqlite", "--mode", "upsert", "--json"], in: project),
            run(
                ["seed", "shop", "--db", "shop.sqlite", "--mode", "upsert"], in: project, environment: ["TERM": "dumb"]),
            run(["seed", "shop", "--db", "shop.sqlite", "--mode", "upsert"], in: project, terminal: false),
            run(["build", "--force", "--quiet"], in: project),
            run(["check", "--json"], in: project),
        ]
        for result in runs {
            #expect(!(result.errors + result.output).contains("\r"), "\(result.errors.debugDescription)")
            #expect(!result.errors.contains("seeding"), "\(result.errors.debugDescription)")
        }
    }
}
