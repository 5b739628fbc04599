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
            text.line(for: Self.result("c.db", .failed, from: 4, to: 4, error: Self.statementFailed))
                == "tenants/c.db: failed at migration 5: no such column: nme (stays at version 4)")
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

    @Test("a failed line names the migration, why, and where the file stays or how far it got first")
    func failedLines() {
        let text = Self.text
        #expect(
            text.line(for: Self.result("c.db", .failed, from: 3, to: 4, applied: 1, error: Self.statementFailed))
                == "tenants/c.db: failed at migration 5: no such column: nme (migrated from version 3 to 4 first)")
        // A commit that failed on a full disk names no migration: the one after the last committed is meant.
        let full = MigrationError(
            .database(SQLiteError(code: .full, message: "database or disk is full")), path: "/work/tenants/d.db",
            database: "app")
        #expect(
            text.line(for: Self.result("d.db", .failed, from: 1, to: 3, applied: 2, error: full))
                == "tenants/d.db: failed at migration 4: database or disk is full (SQLITE_FULL) (migrated from version 1 to 3 first)")
        #expect(
            text.line(for: Self.result("d.db", .failed, from: 3, to: 3, error: full))
                == "tenants/d.db: failed: database or disk is full (SQLITE_FULL) (stays at version 3)")
        let dry = MigrateFleetText(database: "app", pattern: Self.pattern, shard: nil, dryRun: true, busyAttempts: 3)
        #expect(
            dry.line(for: Self.result("c.db", .failed, from: 3, to: 4, applied: 1, error: Self.statementFailed))
                == "tenants/c.db: failed at migration 5: no such column: nme (stays at version 3)")
    }

    @Test("standard error names the failing file before the message, at the single-file command's location")
    func stderrDiagnostics() {
        let text = Self.text
        let failed = text.diagnostics(
            for: Self.result("c.db", .failed, from: 4, to: 4, error: Self.statementFailed))
        #expect(
            failed.map { $0.formatted() } == [
                "migrations/app/0005_tags.sql:2:24: error: tenants/c.db: no such column: nme\n"
                    + "migrations/app/0005_tags.sql:2:24: note: migration 5 was rolled back; the database stays at version 4"
            ])
        let newer = MigrationError(.databaseIsNewer(version: 9, latest: 6), path: "/work/tenants/n.db", database: "app")
        #expect(
            text.diagnostics(for: Self.result("n.db", .refused, from: 9, error: newer)).map { $0.formatted() } == [
                "kiln: error: tenants/n.db: the database is at version 9, but the newest migration of 'app' is 6\n"
                    + "kiln: note: a newer version of the app wrote this file; kiln never downgrades or erases a database"
            ])
        // A message that already names the file is not prefixed twice.
        let notSQLite = MigrationError(.notADatabase, path: "/work/tenants/t.db", database: "app")
        #expect(
            text.diagnostics(for: Self.result("t.db", .refused, error: notSQLite)).first?.message
                == "tenants/t.db is not a SQLite database")
        let locked = MigrationError(
            .database(SQLiteError(code: .busy, message: "database is locked")), path: "/work/tenants/e.db",
            database: "app")
        let busy = text.diagnostics(for: Self.result("e.db", .busy, from: 3, error: locked))
        #expect(busy.first?.message == "tenants/e.db: database is locked (SQLITE_BUSY)")
        // A JSON line names the file in its own `path`: the message stays as it is, the note is the same.
        let busyJSON = text.diagnostics(for: Self.result("e.db", .busy, from: 3, error: locked), namingFile: false)
        #expect(busyJSON.first?.hint == busy.first?.hint)
        let failedJSON = text.diagnostics(
            for: Self.result("c.db", .failed, from: 4, to: 4, error: Self.statementFailed), namingFile: false)
        #expect(failedJSON.first?.message == "no such column: nme")
        #expect(
            busy.first?.hint
                == "another connection held the write lock through 3 attempts of 2 s each; run again when the writer is done"
        )
        let full = MigrationError(
            .fileFailed(version: 5, SQLiteError(code: .full, message: "database or disk is full")),
            path: "/work/tenants/f.db", database: "app")
        let disk = text.diagnostics(for: Self.result("f.db", .failed, from: 4, to: 4, error: full))
        #expect(disk.first?.message == "tenants/f.db: database or disk is full (SQLITE_FULL)")
        #expect(
            disk.first?.hint
                == "free space on the disk and run the same command again: each file is at its old version or further along"
        )
        #expect(MigrateFleetText.seconds(milliseconds: 1500) == "1.5 s")
        let readOnly = MigrationError(
            .fileFailed(version: 4, SQLiteError(code: .readOnly, message: "attempt to write a readonly database")),
            path: "/work/tenants/r.db", database: "app")
        let refused = text.diagnostics(for: Self.result("r.db", .refused, from: 3, to: 3, error: readOnly))
        #expect(refused.first?.message == "tenants/r.db: attempt to write a readonly database (SQLITE_READONLY)")
        #expect(
            refused.first?.hint
                == "kiln could not write this file (read-only file, folder or file system); nothing was written to it")
        #expect(
            text.line(for: Self.result("r.db", .refused, from: 3, to: 3, error: readOnly))
                == "tenants/r.db: refused: attempt to write a readonly database (SQLITE_READONLY)")
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

    @Test("files under 1 ms are not slow: an all-up-to-date run names none, in text and in JSON")
    func slowestLeavesOutFastFiles() throws {
        var fast = FleetSummary()
        for index in 0..<7 { fast.add(Self.result("u\(index).db", .upToDate, from: 6, to: 6, seconds: 0.0004)) }
        #expect(Self.text.summary(fast).count == 2, "\(Self.text.summary(fast))")
        #expect(!Self.text.summary(fast).joined().contains("slowest"))
        var mixed = fast
        mixed.add(Self.result("m.db", .migrated, from: 3, to: 6, applied: 3, seconds: 0.012))
        #expect(Self.text.summary(mixed).last == "  slowest: tenants/m.db 12 ms")
        let document = FleetSummaryDocument(mixed, text: Self.text, diagnostics: [])
        let object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(document)) as? [String: Any])
        let slowest = try #require((object["summary"] as? [String: Any])?["slowest"] as? [[String: Any]])
        #expect(slowest.map { $0["path"] as? String } == ["tenants/m.db"])
    }

    @Test("an interrupted run's words say how far it got; its JSON document carries the summary so far")
    func interrupted() throws {
        var summary = FleetSummary()
        for index in 0..<3 { summary.add(Self.result("m\(index).db", .migrated, from: 3, to: 6, applied: 3)) }
        summary.add(Self.result("u.db", .upToDate, from: 6, to: 6))
        summary.add(Self.result("c.db", .failed, from: 4, to: 4, error: Self.statementFailed))
        #expect(
            Self.text.interruptedProgress(summary, of: 10_000)
                == "after 5 of 10,000 files (3 migrated, 1 up to date, 1 failed)")
        #expect(Self.text.interruptedProgress(FleetSummary(), of: 1) == "after 0 of 1 file")
        #expect(
            InterruptSignal.message(for: SIGINT, outcome: "left", after: "after 0 of 1 file")
                == "interrupted (SIGINT) after 0 of 1 file: left")
        let document = FleetSummaryDocument(summary, text: Self.text, diagnostics: [], interruptedBy: SIGINT)
        let object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(document)) as? [String: Any])
        #expect(object["outcome"] as? String == "interrupted")
        #expect(object["exitStatus"] as? Int == 130)
        let figures = try #require(object["summary"] as? [String: Any])
        #expect(figures["stoppedEarly"] as? Bool == true)
        #expect(figures["files"] as? Int == 5)
        #expect((figures["counts"] as? [String: Int])?["migrated"] == 3)
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
        #expect(object["busyAttempts"] as? Int == 0 && object["busyRetries"] == nil)
        let busy = FleetFileResult(
            file: Self.file("e.db"), outcome: .busy, fromVersion: 3, toVersion: 3, appliedCount: 0, busyRetries: 3,
            duration: 6)
        let busyJSON = try encoder.encode(FleetFileLine(busy, shownAs: "tenants/e.db", diagnostic: nil))
        let busyObject = try #require(try JSONSerialization.jsonObject(with: busyJSON) as? [String: Any])
        #expect(busyObject["busyAttempts"] as? Int == 3)
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
