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
                == "kiln: error: interrupted (SIGINT) after 0 of 3 files: each file is at its old version or further "
                + "along (the migration in progress in each was rolled back); run the same command again to finish "
                + "the rest\n")
        let json = run(["migrate", "shop", "--each", "t", "--json"], in: project, interruption: { SIGINT })
        #expect(json.status == 130)
        let last = try #require(json.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "interrupted")
        #expect(object["exitStatus"] as? Int == 130)
        let figures = try #require(object["summary"] as? [String: Any])
        #expect(figures["stoppedEarly"] as? Bool == true && figures["notStarted"] as? Int == 3)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(
            (diagnostics.first?["message"] as? String)?.hasPrefix("interrupted (SIGINT) after 0 of 3 files: ") == true)
        for index in 0..<3 {
            let db = try SQLiteConnection(path: project.folder.path("t/\(index).db"))
            #expect(try Migrator.version(of: db) == 1)
        }
    }

    @Test("a signal in the middle of a run: the interrupt line and the JSON summary count the files done so far")
    func signalledMidway() throws {
        let project = try project(files: 4)
        let folder = project.folder
        // The signal "arrives" once any file has reached version 2 (user_version, bytes 60...63 of the header).
        let signal: @Sendable () -> Int32? = {
            let done = (0..<4).contains { index in
                guard let data = FileManager.default.contents(atPath: folder.path("t/\(index).db")), data.count >= 64
                else { return false }
                return data[63] == 2
            }
            return done ? SIGINT : nil
        }
        let result = run(["migrate", "shop", "--each", "t", "--jobs", "1"], in: project, interruption: signal)
        #expect(result.status == 130)
        let line = result.standardError
        #expect(line.hasPrefix("kiln: error: interrupted (SIGINT) after "), "\(line)")
        #expect(
            line.contains(" of 4 files (") && line.contains(" migrated): each file is at its old version"), "\(line)")
        #expect(!result.standardOutput.contains("shop: "))
        for index in 0..<4 { try project.folder.writeEmptyDatabase("t/\(index).db") }
        let json = run(["migrate", "shop", "--each", "t", "--jobs", "1", "--json"], in: project, interruption: signal)
        let last = try #require(json.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let figures = try #require(object["summary"] as? [String: Any])
        let migrated = try #require((figures["counts"] as? [String: Int])?["migrated"])
        #expect(migrated >= 1 && migrated < 4, "\(figures)")
        #expect(figures["files"] as? Int == migrated && figures["stoppedEarly"] as? Bool == true)
        #expect(json.standardOutput.split(separator: "\n").count == migrated + 1)
    }

    @Test("--quiet prints only the failures' lines and the summary; --json and --db -q keep their results")
    func quiet() throws {
        let project = try project(files: 2)
        try project.folder.write("t/bad.db", "not a database\n")
        #expect(run(["migrate", "shop", "--db", "t/0.db"], in: project).status == 0)
        let result = run(["migrate", "shop", "--each", "t", "-q"], in: project)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "t/bad.db: refused: t/bad.db is not a SQLite database", "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("shop: 3 files in ") == true, "\(lines)")
        #expect(!result.standardOutput.contains("t/0.db") && !result.standardOutput.contains("t/1.db:"))
        let json = run(["migrate", "shop", "--each", "t", "-q", "--json"], in: project)
        #expect(json.standardOutput.split(separator: "\n").count == 4)
        try project.folder.write("single.db", bytes: [])
        let single = run(["migrate", "shop", "--db", "single.db", "-q"], in: project)
        #expect(single.status == 0)
        #expect(single.standardOutput == "shop: single.db migrated from version 0 to 2 (2 migrations)\n")
    }

    @Test("in text mode every refused file names itself on standard error, with its note, and is annotated")
    func refusalsOnStandardError() throws {
        let project = try project(files: 1)
        try project.folder.write("t/bad.db", "not a database\n")
        #expect(run(["migrate", "shop", "--db", "t/newer.db"], in: project).status == 0)
        let db = try SQLiteConnection(path: project.folder.path("t/newer.db"))
        try db.execute(sql: "PRAGMA user_version = 9")
        try db.close()
        let result = run(["migrate", "shop", "--each", "t"], in: project)
        #expect(result.status == 1)
        let errors = result.standardError.split(separator: "\n").map(String.init)
        #expect(errors.contains("kiln: error: t/bad.db is not a SQLite database"), "\(errors)")
        #expect(errors.contains("kiln: note: the pattern names a file that is not a database; kiln left it alone"))
        #expect(
            errors.contains(
                "kiln: error: t/newer.db: the database is at version 9, but the newest migration of 'shop' is 2"))
        #expect(
            errors.contains(
                "kiln: note: a newer version of the app wrote this file; kiln never downgrades or erases a database"))
        #expect(errors.count == 4, "\(errors)")
        var environment = TestEnvironment.kiln
        environment["GITHUB_ACTIONS"] = "true"
        var output = ""
        var annotated = ""
        _ = KilnTool.run(
            ["migrate", "shop", "--each", "t"], currentDirectory: project.folder.url,
            standardOutput: { output += $0 }, standardError: { annotated += $0 }, standardErrorIsTerminal: false,
            environment: environment)
        #expect(annotated.contains("::error title=kiln::t/newer.db: the database is at version 9"), "\(annotated)")
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
