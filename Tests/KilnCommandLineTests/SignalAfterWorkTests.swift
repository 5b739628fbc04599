import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// What a command prints when a signal was received, in-process: the signal is a stand-in that says SIGINT
/// arrived, without interrupting SQLite, as when Ctrl-C comes after the work committed or while a failure was
/// already on its way.
@Suite("a signal after the work: the document when it succeeded, the interrupt document when it failed")
struct SignalAfterWorkTests {
    /// The shop project migrated into `shop.sqlite`, with three seeded items and `build/shop.sqlite` built.
    private func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,plum,2\n11,pear,1\n12,fig,3\n")
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try project.kiln("build").status == 0)
        return project
    }

    /// Runs kiln in `project` as if SIGINT had been received before it looked.
    private func runSignalled(_ arguments: [String], in project: ShopProject) -> ProcessResult {
        var output = ""
        var errors = ""
        let status = KilnTool.run(
            arguments, currentDirectory: project.folder.url, standardOutput: { output += $0 },
            standardError: { errors += $0 }, environment: TestEnvironment.kiln, interruption: { SIGINT })
        return ProcessResult(status: status, standardOutput: output, standardError: errors)
    }

    @Test("succeeded, then a signal: seed, install and build --json print their own document and exit 0")
    func succeededThenSignal() throws {
        let project = try project()
        let runs: [([String], String)] = [
            (["seed", "shop", "--db", "shop.sqlite", "--mode", "upsert"], "tables"),
            (["install", "--bundled", "build/shop.sqlite", "--to", "app.sqlite"], "outcome"),
            (["build", "--force"], "outputDirectory"),
        ]
        for (arguments, key) in runs {
            let json = runSignalled(arguments + ["--json"], in: project)
            #expect(json.status == 0, "\(arguments): \(json.standardError)")
            let document = try oneDocument(json.standardOutput)
            #expect(document[key] != nil && document["outcome"] as? String != "interrupted", "\(document)")
            #expect(json.standardError.isEmpty, "\(arguments): \(json.standardError)")
            let text = runSignalled(arguments, in: project)
            #expect(text.status == 0, "as in text mode: \(arguments): \(text.standardError)")
        }
    }

    @Test("failed, with a signal: build and status --json print one interrupt document and exit 130")
    func failedWithSignal() throws {
        let project = try project()
        let db = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        try db.execute(sql: "CREATE TABLE scratch (a)")
        try db.close()
        #expect(try project.kiln("status", "--db", "shop.sqlite", "--json").status == 1, "drift fails status")
        let status = runSignalled(["status", "--db", "shop.sqlite", "--json"], in: project)
        expectInterrupted(status, command: "status")
        // A seed row its table refuses (name is NOT NULL): build fails on its one database.
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,,2\n")
        #expect(try project.kiln("build", "--force", "--json").status == 1)
        let build = runSignalled(["build", "--force", "--json"], in: project)
        expectInterrupted(build, command: "build")
    }

    /// One interrupt document on standard output, the interrupt line alone on standard error, exit 130.
    private func expectInterrupted(_ result: ProcessResult, command: String) {
        #expect(result.status == 130, "\(command): \(result.standardOutput) \(result.standardError)")
        let document = try? oneDocument(result.standardOutput)
        #expect(document?["command"] as? String == command, "\(result.standardOutput)")
        #expect(document?["outcome"] as? String == "interrupted", "\(result.standardOutput)")
        #expect(document?["exitStatus"] as? Int == 130, "\(result.standardOutput)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("kiln: error: interrupted (SIGINT): ") == true)
    }
}
