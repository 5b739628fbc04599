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

    /// Runs kiln in `project` with standard error a terminal, with `environment` added.
    private func run(
        _ arguments: [String], in project: ShopProject, environment: [String: String] = [:], terminal: Bool = true
    ) -> (status: Int32, output: String, errors: String) {
        var output = ""
        var errors = ""
        let status = KilnTool.run(
            arguments, currentDirectory: project.folder.url, standardOutput: { output += $0 },
            standardError: { errors += $0 }, standardErrorIsTerminal: terminal,
            environment: TestEnvironment.kiln.merging(environment) { _, new in new })
        return (status, output, errors)
    }

    @Test("seed, build, check, reset and install draw progress on standard error and erase it before they end")
    func everySlowCommandDrawsAndErases() throws {
        let project = try project()
        let commands: [([String], String)] = [
            (["seed", "shop", "--db", "shop.sqlite", "--mode", "upsert"], "seeding item: "),
            (["build"], "build shop: "),
            (["check"], "check shop: "),
            (["reset", "shop", "--db", "dev.sqlite"], "reset shop: "),
            (["install", "--bundled", "build/shop.sqlite", "--to", "app.sqlite"], "copying the bundled database: "),
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
        // The first draw is at once (version 1); version 2 came within a tenth of a second and waited.
        #expect(built.first == "build shop: migrating, version 1 of 2", "\(built)")
        #expect(built.contains { $0.hasPrefix("build shop: seeding item: ") && $0.contains("%") }, "\(built)")
    }

    @Test("no line is wider than the terminal less one column")
    func cutToWidth() throws {
        let project = try project()
        let result = run(["check"], in: project, environment: ["COLUMNS": "30"])
        let draws = progressDraws(result.errors)
        #expect(!draws.isEmpty)
        for draw in draws { #expect(draw.count <= 29, "\(draw.debugDescription)") }
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
