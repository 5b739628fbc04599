import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// `kiln migrate --each` run in-process: progress on a pretend terminal, a signal, dry runs, and refusals worded
/// for a fleet.
@Suite("kiln migrate --each, in-process")
struct MigrateFleetCommandTests {
    /// The shop project with `count` files at version 1 under `t/`.
    func project(files count: Int = 3) throws -> ShopProject {
        let project = try ShopProject()
        try FileManager.default.createDirectory(atPath: project.folder.path("t"), withIntermediateDirectories: true)
        for index in 0..<count {
            #expect(try project.kiln("migrate", "shop", "--db", "t/\(index).db", "--to", "1").status == 0)
        }
        return project
    }

    /// Runs kiln in `project` with standard error a terminal that never throttles, and `interruption` as the
    /// signal received.
    func run(
        _ arguments: [String], in project: ShopProject, terminal: Bool = false,
        interruption: (@Sendable () -> Int32?)? = nil
    ) -> ProcessResult {
        var output = ""
        var errors = ""
        let status = KilnTool.run(
            arguments, currentDirectory: project.folder.url, standardOutput: { output += $0 },
            standardError: { errors += $0 }, standardErrorIsTerminal: terminal, environment: TestEnvironment.kiln,
            progressTerminal: ProgressTerminal(columns: { 100 }, interval: 0), interruption: interruption)
        return ProcessResult(status: status, standardOutput: output, standardError: errors)
    }

    @Test("on a terminal the progress line counts files done of the total and failures, and is erased at the end")
    func progress() throws {
        let project = try project()
        try project.folder.write("t/bad.db", "not a database\n")
        let result = run(["migrate", "shop", "--each", "t", "--jobs", "1"], in: project, terminal: true)
        #expect(result.status == 1)
        let draws = progressDraws(result.standardError)
        #expect(draws.first == "migrating 0 of 4", "\(draws)")
        #expect(draws.contains("migrating 4 of 4 · 1 failed"), "\(draws)")
        #expect(visibleLines(result.standardError).last == "")
        #expect(result.standardOutput.contains("t/bad.db: refused: t/bad.db is not a SQLite database\n"))
        let plain = run(["migrate", "shop", "--each", "t"], in: project)
        #expect(!plain.standardError.contains("migrating"))
    }

    @Test("after a signal: no summary, the interrupt line says what is left, exit 130; under --json one last line")
    func signalled() throws {
        let project = try project()
        let result = run(["migrate", "shop", "--each", "t"], in: project, interruption: { SIGINT })
        #expect(result.status == 130)
        #expect(!result.standardOutput.contains("shop: "))
        #expect(
            result.standardError
                == "kiln: error: interrupted (SIGINT): each file is at its old version or further along (the "
                + "migration in progress in each was rolled back); run the same command again to finish the rest\n")
        let json = run(["migrate", "shop", "--each", "t", "--json"], in: project, interruption: { SIGINT })
        #expect(json.status == 130)
        let last = try #require(json.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "interrupted")
        for index in 0..<3 {
            let db = try SQLiteConnection(path: project.folder.path("t/\(index).db"))
            #expect(try Migrator.version(of: db) == 1)
        }
    }

    @Test("a --to above the newest migration fails once, before any file is opened")
    func targetTooHigh() throws {
        let project = try project(files: 2)
        let result = run(["migrate", "shop", "--each", "t", "--to", "9"], in: project)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                kiln: error: there is no migration 9: the newest is 2
                kiln: note: kiln never migrates a database down; pass a --to between 0 and 2

                """)
    }

    @Test("--dry-run says what would happen and changes no file")
    func dryRun() throws {
        let project = try project(files: 2)
        let before = try project.folder.read("t/0.db")
        let result = run(["migrate", "shop", "--each", "t/*.db", "--dry-run"], in: project)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("t/0.db: would migrate from version 1 to 2 (1 migration, "))
        #expect(result.standardOutput.contains("shop, dry run, no file changed: 2 files in "))
        #expect(try project.folder.read("t/0.db") == before)
    }

    @Test("a refusal names the file as typed and its note speaks of the fleet, not of --db")
    func refusalWording() throws {
        let project = try project(files: 0)
        try project.folder.write("t/bad.db", "not a database\n")
        let result = run(["migrate", "shop", "--each", "t", "--json"], in: project)
        let line = try #require(result.standardOutput.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let diagnostic = try #require(object["diagnostic"] as? [String: Any])
        #expect(diagnostic["message"] as? String == "t/bad.db is not a SQLite database")
        let notes = try #require(diagnostic["notes"] as? [[String: Any]])
        #expect(
            notes.first?["message"] as? String == "the pattern names a file that is not a database; kiln left it alone")
        #expect(!project.folder.exists("t/bad.db-journal"))
    }
}
