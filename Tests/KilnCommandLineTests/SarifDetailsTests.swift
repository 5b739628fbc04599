import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// The results of the first run of a SARIF log printed on standard output.
private func results(_ output: String) throws -> [[String: Any]] {
    let runs = try #require(try oneDocument(output)["runs"] as? [[String: Any]])
    return try #require(runs.first?["results"] as? [[String: Any]])
}

/// The physical location of a SARIF result or notification.
private func physicalLocation(_ item: [String: Any]) -> [String: Any]? {
    (item["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
}

/// The first run of a SARIF log.
private func run(_ output: String) throws -> [String: Any] {
    try #require((try oneDocument(output)["runs"] as? [[String: Any]])?.first)
}

@Suite("SARIF columns, folders, rule ids and failed runs")
struct SarifDetailsTests {
    @Test("columns count UTF-16 code units (declared as columnKind), while JSON keeps UTF-8 bytes")
    func utf16Columns() throws {
        let folder = try TemporaryDirectory()
        let line = "INSERT INTO a VALUES ('😀é') garbage;"
        try folder.write("migrations/shop/0001_create.sql", "CREATE TABLE a (x);\n" + line + "\n")
        let sarif = kiln(["check", "--format", "sarif"], in: folder.url, environment: [:])
        let json = try diagnostics(
            try oneDocument(kiln(["check", "--json"], in: folder.url, environment: [:]).standardOutput))
        let offset = try #require(line.range(of: "garbage")?.lowerBound)
        let record = try #require(json.first { $0["line"] as? Int == 2 })
        #expect(record["column"] as? Int == line.utf8.distance(from: line.startIndex, to: offset) + 1)
        #expect(try run(sarif.standardOutput)["columnKind"] as? String == "utf16CodeUnits")
        let result = try #require(
            try results(sarif.standardOutput).first { (physicalLocation($0)?["region"] as? [String: Any]) != nil })
        let region = try #require(physicalLocation(result)?["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 2)
        #expect(region["startColumn"] as? Int == line.utf16.distance(from: line.startIndex, to: offset) + 1)
    }

    @Test("a lone note and a warning without a code get rule ids of their own, not the errors' 'error'")
    func uncodedRuleIDs() {
        let root = URL(fileURLWithPath: "/nonexistent-root")
        let log = SarifLog.check(
            [Diagnostic(.note, "by the way"), Diagnostic(.error, "broken"), Diagnostic(.warning, "odd")],
            root: root, workspace: nil)
        #expect(log.runs[0].results.map(\.ruleId) == ["note", "error", "warning"])
        #expect(log.runs[0].results.map(\.ruleIndex) == [0, 1, 2])
        #expect(log.runs[0].invocations.first?.executionSuccessful == true)
    }

    @Test("a failure before any finding still prints a valid SARIF log whose invocation failed")
    func failureBeforeFindings() throws {
        let empty = try TemporaryDirectory()
        for arguments in [["check", "--format", "sarif"], ["check", "--format", "sarif", "--strikt"]] {
            let result = kiln(arguments, in: empty.url, environment: [:])
            #expect(result.status != 0)
            let run = try run(result.standardOutput)
            #expect((run["results"] as? [Any])?.isEmpty == true)
            let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
            #expect(invocation["executionSuccessful"] as? Bool == false)
            let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
            let notification = try #require(notifications.first)
            #expect(notification["level"] as? String == "error")
            let text = try #require((notification["message"] as? [String: Any])?["text"] as? String)
            #expect(result.standardError.contains(text.components(separatedBy: "\n")[0]), "\(text)")
        }
    }

    @Test("a check that runs to its end says its invocation succeeded, even with errors")
    func successfulInvocation() throws {
        let folder = try brokenShop()
        let result = kiln(["check", "--format", "sarif"], in: folder.url, environment: [:])
        #expect(result.status == 1)
        let invocation = try #require((try run(result.standardOutput)["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        #expect(invocation["toolExecutionNotifications"] == nil)
    }

    @Test("workspaceHolds: the root is the workspace or inside it, whole components only")
    func workspaceHolds() {
        let root = URL(fileURLWithPath: "/ws/db")
        #expect(WorkflowCommand.workspaceHolds(root: root, workspace: "/ws"))
        #expect(WorkflowCommand.workspaceHolds(root: root, workspace: "/ws/db/"))
        #expect(!WorkflowCommand.workspaceHolds(root: root, workspace: "/w"))
        #expect(!WorkflowCommand.workspaceHolds(root: URL(fileURLWithPath: "/ws2"), workspace: "/ws"))
        #expect(!WorkflowCommand.workspaceHolds(root: root, workspace: nil))
        #expect(!WorkflowCommand.workspaceHolds(root: root, workspace: ""))
    }
}
