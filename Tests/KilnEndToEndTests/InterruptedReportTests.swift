import Foundation
import KilnTestSupport
import Testing

/// Ctrl-C during `build` and `check` (the built kiln): what follows the signal is the one interrupt line, never
/// a diagnostic at whatever CSV row SQLite was interrupted on, nor the command's own document or summary.
@Suite("What build and check print when a signal stops them", .serialized)
struct InterruptedReportTests {
    /// How a run looks: plain, as JSON, or under GitHub Actions.
    enum Mode: CaseIterable {
        case text, json, githubActions
    }

    /// The big project, its migrations recorded in `kiln.sum` (so `check` finds nothing wrong before the signal),
    /// with `check`'s scratch folders kept inside it (`TMPDIR`) so the test sees them fill.
    static func project() throws -> TemporaryDirectory {
        let folder = try InterruptTests.bigProject()
        #expect(try KilnBinary.run(["hash", "big"], in: folder.url).status == 0)
        try FileManager.default.createDirectory(atPath: folder.path("tmp"), withIntermediateDirectories: true)
        return folder
    }

    /// The size of the largest file under `relative` in `folder`, 0 when there is none.
    static func largestFile(under relative: String, in folder: TemporaryDirectory) -> Int {
        let root = folder.path(relative)
        let files = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        return files.map { InterruptTests.size("\(relative)/\($0)", in: folder) }.max() ?? 0
    }

    /// Runs `arguments` in `mode` and interrupts it once a file it writes passes 1 MB (mid-seed).
    static func interrupt(_ arguments: [String], _ mode: Mode, in folder: TemporaryDirectory) throws -> ProcessResult {
        var environment = ["TMPDIR": folder.path("tmp"), "GITHUB_ACTIONS": mode == .githubActions ? "true" : "false"]
        environment["GITHUB_WORKSPACE"] = folder.path("")
        let (result, sent) = try KilnBinary.run(
            arguments + (mode == .json ? ["--json"] : []), in: folder.url, environment: environment, signal: SIGINT,
            when: {
                largestFile(under: "tmp", in: folder) > 1 << 20 || largestFile(under: "build", in: folder) > 1 << 20
            })
        #expect(sent, "\(arguments) ended before it could be interrupted")
        return result
    }

    /// Checks what an interrupted `command` printed in `mode`.
    static func expectOneInterruptLine(_ result: ProcessResult, command: String, mode: Mode) throws {
        #expect(result.status == 130, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n").filter { !$0.hasPrefix("::") }
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(lines.first?.hasPrefix("kiln: error: interrupted (SIGINT): ") == true, "\(result.standardError)")
        #expect(!result.standardError.contains("error: interrupted\n"), "\(result.standardError)")
        let annotations = result.standardError.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == (mode == .githubActions ? 1 : 0), "\(result.standardError)")
        #expect(!annotations.contains { $0.contains("file=") }, "\(annotations)")
        switch mode {
        case .json:
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            let document = try #require(object as? [String: Any], "\(result.standardOutput)")
            #expect(document["command"] as? String == command && document["outcome"] as? String == "interrupted")
            let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.count == 1, "\(diagnostics)")
        case .text, .githubActions:
            // The project's one database was cut short: no "built" line, no check summary, nothing at all.
            #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        }
    }

    @Test("Ctrl-C mid-seed in kiln build: exit 130, the interrupt line alone, in text, JSON and GitHub Actions")
    func build() throws {
        for mode in Mode.allCases {
            let folder = try Self.project()
            let result = try Self.interrupt(["build"], mode, in: folder)
            try Self.expectOneInterruptLine(result, command: "build", mode: mode)
        }
    }

    @Test("Ctrl-C mid-seed in kiln check: exit 130, the interrupt line alone, no summary, no check document")
    func check() throws {
        for mode in Mode.allCases {
            let folder = try Self.project()
            let result = try Self.interrupt(["check"], mode, in: folder)
            try Self.expectOneInterruptLine(result, command: "check", mode: mode)
        }
    }
}
