import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// The words of `kiln migrate --each`, from results built by hand: the per-file lines, the summary, progress
/// and the JSON Lines shapes.
@Suite("kiln migrate --each, rendering")
struct MigrateFleetTextTests {
    static let pattern = FleetPatternPath("tenants/*.db", currentDirectory: URL(fileURLWithPath: "/work"))
    static let text = MigrateFleetText(
        database: "app", pattern: pattern, shard: nil, dryRun: false, busyAttempts: 3)

    static func file(_ name: String) -> FleetFile {
        FleetFile(path: "/work/tenants/\(name)", relativePath: name)
    }

    static func result(
        _ name: String, _ outcome: FleetFileResult.Outcome, from: Int32? = nil, to: Int32? = nil, applied: Int = 0,
        seconds: TimeInterval = 0.014, error: (any Error)? = nil
    ) -> FleetFileResult {
        FleetFileResult(
            file: file(name), outcome: outcome, fromVersion: from, toVersion: to, appliedCount: applied,
            duration: seconds, error: error)
    }

    static let statementFailed = MigrationError(
        .statementFailed(version: 5, SQLiteError(code: .error, message: "no such column: nme")),
        location: SourceLocation(path: "migrations/app/0005_tags.sql", line: 2, column: 24),
        path: "/work/tenants/c.db", database: "app")

    @Test("each outcome has the decided line, the path as the user spelled the pattern's folder")
    func lines() {
        let text = Self.text
        #expect(
            text.line(for: Self.result("a.db", .migrated, from: 3, to: 6, applied: 3))
                == "tenants/a.db: migrated from version 3 to 6 (3 migrations, 14 ms)")
        #expect(
            text.line(for: Self.result("a.db", .migrated, from: 5, to: 6, applied: 1))
                == "tenants/a.db: migrated from version 5 to 6 (1 migration, 14 ms)")
        #expect(
            text.line(for: Self.result("b.db", .upToDate, from: 6, to: 6)) == "tenants/b.db: up to date at version 6")
        #expect(
            text.line(for: Self.result("c.db", .failed, from: 3, to: 4, applied: 1, error: Self.statementFailed))
                == "tenants/c.db: failed at migration 5, stays at version 4")
        let notSQLite = MigrationError(.notADatabase, path: "/work/tenants/d.db", database: "app")
        #expect(
            text.line(for: Self.result("d.db", .refused, error: notSQLite))
                == "tenants/d.db: refused: tenants/d.db is not a SQLite database")
        #expect(text.line(for: Self.result("e.db", .busy, from: 3)) == "tenants/e.db: busy after 3 attempts")
        #expect(text.line(for: Self.result("f.db", .vanished)) == "tenants/f.db: vanished before its turn")
        #expect(
            text.line(for: Self.result("g.db", .interrupted, from: 3, to: 4))
                == "tenants/g.db: interrupted, stays at version 4")
    }

    @Test("an absolute pattern shows each file's path as walked")
    func absolutePattern() {
        let pattern = FleetPatternPath("/srv/tenants", currentDirectory: URL(fileURLWithPath: "/work"))
        #expect(pattern.path == "/srv/tenants")
        let file = FleetFile(path: "/srv/tenants/a.db", relativePath: "a.db")
        #expect(pattern.shown(file) == "/srv/tenants/a.db")
        let dotted = FleetPatternPath("./t/", currentDirectory: URL(fileURLWithPath: "/work"))
        #expect(dotted.path == "/work/./t/")
        #expect(dotted.shown(FleetFile(path: "/work/./t/x/a.db", relativePath: "x/a.db")) == "./t/x/a.db")
    }

    @Test("the summary counts by outcome and starting version, names the slowest and the files not started")
    func summary() {
        var summary = FleetSummary()
        for index in 0..<3 {
            summary.add(
                Self.result("m\(index).db", .migrated, from: 3, to: 6, applied: 3, seconds: 0.01 * Double(index + 1)))
        }
        summary.add(Self.result("u.db", .upToDate, from: 6, to: 6, seconds: 0.001))
        summary.add(Self.result("f.db", .failed, from: 4, to: 4, seconds: 0.2, error: Self.statementFailed))
        summary.add(Self.result("r.db", .refused, seconds: 0.002))
        let lines = Self.text.summary(summary)
        #expect(lines[0] == "app: 6 files in 0.0 s: 3 migrated, 1 up to date, 1 failed, 1 refused")
        #expect(lines[1] == "  from version 3: 3 files; from version 4: 1; from version 6: 1")
        #expect(lines[2].hasPrefix("  slowest: tenants/f.db 200 ms, tenants/m2.db 30 ms, tenants/m1.db 20 ms, "))
        #expect(lines.count == 3)
    }

    @Test("figures are grouped by thousands and progress says N of M and the failures so far")
    func figures() {
        #expect(MigrateFleetText.grouped(0) == "0")
        #expect(MigrateFleetText.grouped(999) == "999")
        #expect(MigrateFleetText.grouped(1234) == "1,234")
        #expect(MigrateFleetText.grouped(10_000) == "10,000")
        #expect(MigrateFleetText.grouped(1_234_567) == "1,234,567")
        #expect(
            MigrateFleetText.progress(finished: 1234, of: 10_000, failures: 3) == "migrating 1,234 of 10,000 · 3 failed"
        )
        #expect(MigrateFleetText.progress(finished: 0, of: 7, failures: 0) == "migrating 0 of 7")
        #expect(MigrateFleetText.files(1) == "1 file")
    }

    @Test("a shard and a dry run are said in the summary's heading")
    func heading() {
        let shard = MigrateFleetText(
            database: "app", pattern: Self.pattern, shard: FleetShard(index: 2, count: 4), dryRun: true, busyAttempts: 3
        )
        #expect(shard.heading == "app, shard 2/4, dry run, no file changed")
        #expect(
            shard.emptyShard(overall: 3)
                == "app, shard 2/4, dry run, no file changed: none of the 3 files matching 'tenants/*.db' is in this shard; nothing to do"
        )
        #expect(
            shard.line(for: Self.result("a.db", .migrated, from: 3, to: 6, applied: 3)).contains(
                "would migrate from version 3 to 6"))
    }

    @Test("a file's JSON line is one compact object with path, versions, outcome, time and diagnostic")
    func jsonLine() throws {
        let result = Self.result("c.db", .failed, from: 3, to: 4, applied: 1, error: Self.statementFailed)
        let record = DiagnosticRecord.records(of: ErrorRendering.diagnostics(for: Self.statementFailed)).first
        let line = FleetFileLine(result, shownAs: "tenants/c.db", diagnostic: record)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(line), as: UTF8.self)
        #expect(!json.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "tenants/c.db")
        #expect(object["relativePath"] as? String == "c.db")
        #expect(object["outcome"] as? String == "failed")
        #expect(object["fromVersion"] as? Int == 3)
        #expect(object["toVersion"] as? Int == 4)
        #expect(object["migrations"] as? Int == 1)
        #expect(object["milliseconds"] as? Double == 14)
        let diagnostic = try #require(object["diagnostic"] as? [String: Any])
        #expect(diagnostic["file"] as? String == "migrations/app/0005_tags.sql")
        #expect(diagnostic["line"] as? Int == 2)
        #expect(diagnostic["message"] as? String == "no such column: nme")
        let upToDate = FleetFileLine(Self.result("b.db", .upToDate), shownAs: "tenants/b.db", diagnostic: nil)
        let bare = String(decoding: try encoder.encode(upToDate), as: UTF8.self)
        #expect(!bare.contains("fromVersion") && !bare.contains("diagnostic"))
    }

    @Test("the summary document lists every outcome's count and says failed with exit status 1")
    func summaryDocument() throws {
        var summary = FleetSummary()
        summary.add(Self.result("a.db", .migrated, from: 3, to: 6, applied: 3))
        summary.add(Self.result("d.db", .refused))
        let document = FleetSummaryDocument(summary, text: Self.text, diagnostics: [])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = try #require(
            try JSONSerialization.jsonObject(with: try encoder.encode(document)) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        #expect(object["command"] as? String == "migrate")
        #expect(object["outcome"] as? String == "failed")
        #expect(object["exitStatus"] as? Int == 1)
        let figures = try #require(object["summary"] as? [String: Any])
        let counts = try #require(figures["counts"] as? [String: Int])
        #expect(counts.count == FleetFileResult.Outcome.allCases.count)
        #expect(counts["migrated"] == 1 && counts["refused"] == 1 && counts["busy"] == 0)
        #expect(figures["startingVersions"] as? [String: Int] == ["3": 1])
        #expect(figures["files"] as? Int == 2)
    }
}
