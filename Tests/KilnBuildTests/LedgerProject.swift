import Foundation
import Kiln
import KilnBuild
import KilnTestSupport

@testable import KilnCommandLine

/// A copy of `Tests/Fixtures/ledger` (64 migrations) in a temporary folder, to plant bugs in.
struct LedgerProject {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ledger")

    let folder: TemporaryDirectory

    /// The copy, with `files` (relative path, text) added or replaced, hashed.
    init(_ files: [(String, String)] = []) throws {
        folder = try TemporaryDirectory()
        for sub in ["migrations", "seeds"] {
            try FileManager.default.copyItem(
                at: Self.fixture.appendingPathComponent(sub), to: folder.url.appendingPathComponent(sub))
        }
        // Until comment-only migrations are valid (issue 12, item 8), the placeholders get a harmless statement.
        for placeholder in [
            "0009_placeholder_for_sync.sql", "0027_placeholder_widgets.sql", "0064_placeholder_release_5.sql",
        ] {
            let relative = "migrations/ledger/\(placeholder)"
            let text = String(decoding: try folder.read(relative), as: UTF8.self)
            try folder.write(relative, text + "SELECT 1;\n")
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
