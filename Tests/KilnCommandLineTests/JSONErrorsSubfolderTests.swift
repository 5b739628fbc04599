import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Runs kiln in `sub/deeper` of the broken shop project, where it finds the root two folders up.
private func kilnInSubfolder(_ arguments: [String]) throws -> ProcessResult {
    let folder = try brokenShop()
    try folder.write("sub/deeper/.keep", "")
    return withExtendedLifetime(folder) {
        kiln(arguments, in: folder.url.appendingPathComponent("sub/deeper"), environment: [:])
    }
}

@Suite("Documents name files from the project root, whatever folder kiln runs in")
struct JSONErrorsSubfolderTests {
    @Test("check --json from a subfolder: top-level file and per-database path are both root-relative")
    func checkJSON() throws {
        let result = try kilnInSubfolder(["check", "--json"])
        #expect(result.status == 1)
        let document = try oneDocument(result.standardOutput)
        #expect(holdsSyntaxError(try diagnostics(document)), "\(document)")
        let databases = try #require(document["databases"] as? [[String: Any]])
        let findings = try #require(databases.first?["diagnostics"] as? [[String: Any]])
        #expect(findings.contains { $0["path"] as? String == "migrations/shop/0002_break.sql" }, "\(findings)")
        #expect(!result.standardOutput.contains("../"))
    }

    @Test("check --format sarif from a subfolder: the uri is relative to PROJECTROOT, not to the current folder")
    func checkSarif() throws {
        let result = try kilnInSubfolder(["check", "--format", "sarif"])
        let runs = try #require(try oneDocument(result.standardOutput)["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let uris = results.compactMap {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(uris.contains("migrations/shop/0002_break.sql"), "\(uris)")
        #expect(uris.allSatisfy { !$0.hasPrefix("../") }, "\(uris)")
    }

    @Test("a --json failure from a subfolder: the document is root-relative, the text is shown from here")
    func failure() throws {
        let result = try kilnInSubfolder(["status", "--json"])
        #expect(result.status == 1)
        #expect(holdsSyntaxError(try diagnostics(try oneDocument(result.standardOutput))))
        #expect(result.standardError.contains("../../migrations/shop/0002_break.sql:2:8: error:"))
    }

    @Test("per-database findings derive from the shared records: under --absolute-paths both are absolute")
    func findingsMatchRecords() throws {
        let folder = try brokenShop()
        let result = kiln(["check", "--json", "--absolute-paths"], in: folder.url, environment: [:])
        let document = try oneDocument(result.standardOutput)
        let files = Set(try diagnostics(document).compactMap { $0["file"] as? String })
        let databases = try #require(document["databases"] as? [[String: Any]])
        let paths = Set(
            (databases.first?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
        #expect(!paths.isEmpty && paths == files, "\(paths) vs \(files)")
        #expect(paths.allSatisfy { $0.hasPrefix("/") })
    }

    @Test("--format json counts as a document everywhere: schema's failure prints one, check draws no progress")
    func formatJSON() throws {
        let folder = try brokenShop()
        let schema = kiln(["schema", "nothing", "--format", "json"], in: folder.url, environment: [:])
        #expect(schema.status == 1)
        #expect(try oneDocument(schema.standardOutput)["command"] as? String == "schema")
        let check = kiln(["check", "--format", "json"], in: folder.url, environment: [:], terminal: true)
        #expect(!check.standardError.contains("\r"), "no progress line under a document")
        let parsed = try #require(
            try? ArgumentParser.parse(["--format", "sarif"], spec: CheckCommand.spec, currentDirectory: folder.url))
        guard case .run(let arguments) = parsed else {
            Issue.record("not parsed")
            return
        }
        #expect(OutputDocument.requested(by: arguments) == .sarif)
    }

    @Test("an interruption is a diagnostic like any other: coloured, and annotated under GitHub Actions")
    func interrupt() {
        var errors = ""
        var context = CommandContext(
            root: URL(fileURLWithPath: "/"), standardOutput: { _ in }, standardError: { errors += $0 },
            standardErrorIsTerminal: true)
        context.output.colors = true
        context.output.githubActions = true
        #expect(KilnTool.reportInterrupt(2, outcome: "nothing changed", command: "seed", context: context) == 130)
        #expect(errors.contains(colouredError), "\(errors.debugDescription)")
        #expect(withoutEscapes(errors).contains("kiln: error: interrupted (SIGINT): nothing changed\n"))
        #expect(errors.contains("::error title=kiln::interrupted (SIGINT): nothing changed"))
    }
}
