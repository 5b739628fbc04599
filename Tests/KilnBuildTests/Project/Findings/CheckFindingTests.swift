import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("Check findings")
struct CheckFindingTests {
    @Test("findings are typed: a caller switches on the reason instead of reading text")
    func typedReasons() throws {
        let fixture = try CheckProject()
        try fixture.folder.write("migrations/shop/0003_drop.sql", "DROP TABLE item;\n")
        let findings = ProjectChecker(project: try fixture.project).findings(for: "shop")
        let added = findings.contains {
            if case .migrationAdded(database: "shop", file: "0003_drop.sql") = $0.reason { return true }
            return false
        }
        #expect(added)
        let destructive = try #require(
            findings.first {
                if case .destructiveMigration(.dropTable) = $0.reason { return true }
                return false
            })
        #expect(destructive.severity == .warning)
        #expect(destructive.location == SourceLocation(path: "migrations/shop/0003_drop.sql", line: 1, column: 1))
        #expect(destructive.diagnostics.first?.code == "drop-table")
        #expect(destructive.reason.lintRule == .dropTable)
    }

    @Test("hints naming 'kiln hash' are the command line's; the library says the same about kiln.sum")
    func commandLineHints() throws {
        let fixture = try CheckProject()
        try FileManager.default.removeItem(atPath: fixture.folder.path("migrations/shop/kiln.sum"))
        let finding = try #require(ProjectChecker(project: try fixture.project).findings(for: "shop").first)
        #expect(finding.diagnostics.first?.hint == "record the migrations' hashes in kiln.sum and commit the file")
        #expect(finding.diagnostics.first?.hint?.contains("kiln hash") == false)
        #expect(
            finding.commandLineDiagnostics.map { $0.formatted() } == [
                """
                migrations/shop:1:1: error: migrations/shop/kiln.sum is missing
                migrations/shop:1:1: note: record the migrations with 'kiln hash shop' and commit the file
                """
            ])
    }

    @Test("an unreadable kiln.sum line is a typed CheckError")
    func unreadableSumLine() throws {
        let error = try #require(throws: CheckError.self) {
            _ = try MigrationSum.parse("0001_a.sql nothex\n", path: "migrations/a/kiln.sum")
        }
        #expect(error.findings.first?.location == SourceLocation(path: "migrations/a/kiln.sum", line: 1, column: 1))
        #expect(error.commandLineDiagnostics.first?.hint == "regenerate the file with 'kiln hash'")
    }

    @Test("the 'kiln new' hint of a project without databases is the command line's")
    func projectErrorHints() {
        let error = ProjectError.unknownDatabase("shop", known: [])
        #expect(error.diagnostics.first?.hint?.contains("kiln new") == false)
        #expect(
            error.commandLineDiagnostics.first?.hint
                == "there are no databases yet; create one with 'kiln new shop <description>'")
    }

    @Test("build errors carry their reason")
    func buildErrorReasons() {
        let error = BuildError(database: "shop", .walMode(byte18: 2, byte19: 2))
        #expect(
            error.diagnostics.map(\.message) == ["shop: header bytes 18-19 are 2, 2, not 1, 1: the file is in WAL mode"]
        )
        #expect(
            BuildError(database: "shop", .integrityCheckFailed(details: ["a", "b"])).diagnostics.first?.message
                == "shop: integrity_check failed: a; b")
    }
}
