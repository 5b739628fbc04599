import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// A copy of `Tests/Fixtures/ledger` (64 migrations) in a temporary folder, to plant bugs in.
struct LedgerProject {
    static let fixture = TestFixtures.url("ledger")

    let folder: TemporaryDirectory

    /// The copy, with `files` (relative path, text) added or replaced, hashed.
    init(_ files: [(String, String)] = []) throws {
        folder = try TemporaryDirectory()
        for sub in ["migrations", "seeds"] {
            try FileManager.default.copyItem(
                at: Self.fixture.appendingPathComponent(sub), to: folder.url.appendingPathComponent(sub))
        }
        for (relative, text) in files { try folder.write(relative, text) }
        _ = try ProjectChecker(project: try KilnProject(root: folder.url)).writeSum(for: "ledger")
    }

    /// Every finding of `kiln check` for the ledger.
    func findings() throws -> [CheckFinding] {
        ProjectChecker(project: try KilnProject(root: folder.url)).findings(for: "ledger")
    }

    /// The findings at a file (relative path), as `kiln check` prints their first line.
    static func lines(_ findings: [CheckFinding], in path: String) -> [String] {
        findings.filter { $0.location?.path == path }.flatMap(\.commandLineDiagnostics).map {
            String($0.formatted().split(separator: "\n")[0])
        }
    }
}

@Suite("kiln check on the untouched ledger")
struct LedgerAcceptanceTests {
    @Test(
        "64 migrations with rebuilds, JSON, CHECK enums and FK cycles: no error, no warning, one note per placeholder")
    func ledgerPasses() throws {
        let findings = try LedgerProject().findings()
        let lines = findings.flatMap(\.diagnostics).map { $0.formatted() }
        #expect(findings.allSatisfy { $0.severity == .note }, "\(lines)")
        #expect(
            findings.compactMap { finding -> Int32? in
                if case .placeholderMigration(let version) = finding.reason { version } else { nil }
            } == [9, 27, 64], "\(lines)")
    }
}
