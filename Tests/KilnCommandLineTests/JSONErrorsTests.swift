import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Standard output parsed as exactly one JSON object: JSONSerialization rejects anything after the first
/// document, so a second document (or a stray line) fails the parse.
func oneDocument(_ output: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
    return try #require(object as? [String: Any], "\(output)")
}

/// The `diagnostics` array of a document.
func diagnostics(_ document: [String: Any]) throws -> [[String: Any]] {
    try #require(document["diagnostics"] as? [[String: Any]], "\(document)")
}

/// Whether `records` holds the located syntax error of ``brokenShop()``.
func holdsSyntaxError(_ records: [[String: Any]]) -> Bool {
    records.contains {
        $0["severity"] as? String == "error" && $0["file"] as? String == "migrations/shop/0002_break.sql"
            && $0["line"] as? Int == 2 && $0["column"] as? Int == 8
            && $0["message"] as? String == "near \"TABL\": syntax error" && ($0["notes"] as? [Any])?.isEmpty == false
    }
}

@Suite("--json failures print exactly one JSON document, in-process")
struct JSONErrorsTests {
    @Test("kiln status --json: a migration that does not run is in the document's diagnostics, located")
    func status() throws {
        let folder = try brokenShop()
        let result = kiln(["status", "--json"], in: folder.url, environment: [:])
        #expect(result.status == 1)
        let document = try oneDocument(result.standardOutput)
        #expect(document["formatVersion"] as? Int == 1 && document["databases"] != nil)
        #expect(holdsSyntaxError(try diagnostics(document)), "\(document)")
    }

    @Test("kiln build --json: the failed database's entry and its located diagnostic, in one document")
    func build() throws {
        let folder = try brokenShop()
        let result = kiln(["build", "--json"], in: folder.url, environment: [:])
        #expect(result.status == 1)
        let document = try oneDocument(result.standardOutput)
        let entries = try #require(document["databases"] as? [[String: Any]])
        #expect(entries.first?["status"] as? String == "failed")
        #expect(holdsSyntaxError(try diagnostics(document)), "\(document)")
    }

    @Test("kiln check --json and --format json: findings in the shared shape beside the existing fields")
    func check() throws {
        let folder = try brokenShop()
        for options in [["--json"], ["--format", "json"], ["--format=json", "--json"]] {
            let result = kiln(["check"] + options, in: folder.url, environment: [:])
            #expect(result.status == 1)
            let document = try oneDocument(result.standardOutput)
            #expect(document["passed"] as? Bool == false && document["databases"] != nil)
            let records = try diagnostics(document)
            #expect(holdsSyntaxError(records), "\(document)")
            #expect(
                records.contains { $0["code"] as? String == "drop-table" && $0["severity"] as? String == "warning" })
        }
    }

    @Test("kiln seed --json: a CSV error after the load started is one error document, located in the CSV")
    func seed() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,apple,0.5\n10,plum,2\n")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--json")
        #expect(result.status == 1)
        let document = try oneDocument(result.standardOutput)
        #expect(document["command"] as? String == "seed" && document["outcome"] as? String == "failed")
        #expect(document["exitStatus"] as? Int == 1 && document["formatVersion"] as? Int == 1)
        let record = try #require(try diagnostics(document).first)
        #expect(record["file"] as? String == "seeds/shop/item.csv" && record["line"] as? Int == 3, "\(record)")
    }

    @Test("kiln install --json: a missing bundled file is one error document")
    func install() throws {
        let folder = try TemporaryDirectory()
        let result = kiln(
            ["install", "--bundled", "missing.sqlite", "--to", "app.sqlite", "--json"], in: folder.url,
            environment: [:])
        #expect(result.status == 1)
        let document = try oneDocument(result.standardOutput)
        #expect(document["command"] as? String == "install" && document["outcome"] as? String == "failed")
        let record = try #require(try diagnostics(document).first)
        #expect(record["severity"] as? String == "error")
        #expect((record["message"] as? String)?.contains("missing.sqlite") == true, "\(record)")
    }

    @Test("a usage error under --json is a document with exit status 64, also when parsing failed")
    func usage() throws {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/shop/0001_start.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY);\n")
        for arguments in [
            ["seed", "shop", "--json"], ["status", "--jsn", "--json"], ["check", "--json", "--format", "sarif"],
        ] {
            let result = kiln(arguments, in: folder.url, environment: [:])
            #expect(result.status == 64)
            let document = try oneDocument(result.standardOutput)
            #expect(document["outcome"] as? String == "usageError" && document["exitStatus"] as? Int == 64)
            #expect(document["command"] as? String == arguments[0])
            #expect(try diagnostics(document).first?["severity"] as? String == "error")
            #expect(result.standardError.contains("Usage: kiln \(arguments[0])"), "text stays on standard error")
        }
        let unknown = kiln(["frobnicate", "--json"], in: folder.url, environment: [:])
        #expect(try oneDocument(unknown.standardOutput)["command"] == nil)
        let text = kiln(["seed", "shop"], in: folder.url, environment: [:])
        #expect(text.standardOutput.isEmpty, "no document without --json")
    }

    @Test("no project under --json: one error document, for every --json command")
    func noProject() throws {
        let folder = try TemporaryDirectory()
        for command in ["status", "build", "check"] {
            let result = kiln([command, "--json"], in: folder.url, environment: [:])
            #expect(result.status == 1)
            let document = try oneDocument(result.standardOutput)
            let records = try diagnostics(document)
            #expect(document["command"] as? String == command && !records.isEmpty)
        }
    }

    @Test("an error after the command printed its document prints no second one; an interruption prints one")
    func once() throws {
        var output = ""
        var context = CommandContext(
            root: URL(fileURLWithPath: "/"), standardOutput: { output += $0 }, standardError: { _ in },
            standardErrorIsTerminal: false)
        context.output.document = .json
        context.command = "status"
        try context.printJSON(["formatVersion": 1])
        _ = KilnTool.report(DiagnosticFailure(Diagnostic(.error, "late")), arguments: ["--json"], context: context)
        _ = KilnTool.reportInterrupt(2, outcome: "nothing changed", command: "status", context: context)
        #expect(try oneDocument(output)["formatVersion"] as? Int == 1)

        var interrupted = ""
        var fresh = CommandContext(
            root: URL(fileURLWithPath: "/"), standardOutput: { interrupted += $0 }, standardError: { _ in },
            standardErrorIsTerminal: false)
        fresh.output.document = .json
        #expect(KilnTool.reportInterrupt(2, outcome: "nothing changed", command: "seed", context: fresh) == 130)
        let document = try oneDocument(interrupted)
        #expect(document["outcome"] as? String == "interrupted" && document["exitStatus"] as? Int == 130)
        #expect(try diagnostics(document).first?["message"] as? String == "interrupted (SIGINT): nothing changed")
    }
}
