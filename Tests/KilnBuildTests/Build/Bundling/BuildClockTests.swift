import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// A project whose rows depend on time and chance: a seeded table with `DEFAULT CURRENT_TIMESTAMP` and random
/// defaults, and a trigger that stamps `strftime('%s','now')`.
struct TimeProject {
    let folder: TemporaryDirectory

    static let migration = """
        CREATE TABLE event (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
            token TEXT NOT NULL DEFAULT (hex(randomblob(16))),
            lucky INTEGER NOT NULL DEFAULT (random()),
            stamped INTEGER
        );
        CREATE TABLE log (at TEXT DEFAULT (datetime('now')), note TEXT);
        CREATE TRIGGER event_stamp AFTER INSERT ON event BEGIN
            UPDATE event SET stamped = strftime('%s','now') WHERE id = NEW.id;
            INSERT INTO log (note) VALUES (NEW.name);
        END;

        """

    init(seeded: Bool = true) throws {
        folder = try TemporaryDirectory()
        try folder.write("migrations/app/0001_events.sql", Self.migration)
        if seeded { try folder.write("seeds/app/event.csv", "id,name\n1,first\n2,second\n") }
    }

    var project: KilnProject { get throws { try KilnProject(root: folder.url) } }
}

@Suite("The build clock: SOURCE_DATE_EPOCH, the manifest, and what check says when two builds differ")
struct BuildClockTests {
    @Test("SOURCE_DATE_EPOCH: digits only, 0 through the last second of 9999; unset is nil")
    func parsing() throws {
        #expect(try BuildClock.sourceDateEpoch(in: [:]) == nil)
        #expect(
            try BuildClock.sourceDateEpoch(in: ["SOURCE_DATE_EPOCH": "1700000000"])
                == BuildClock(secondsSince1970: 1_700_000_000, isSourceDateEpoch: true))
        #expect(try BuildClock.sourceDateEpoch(in: ["SOURCE_DATE_EPOCH": "0"])?.secondsSince1970 == 0)
        for bad in ["", " 1", "1.5", "-1", "+1", "1e9", "abc", "253402300800", "99999999999999999999"] {
            #expect(throws: SourceDateEpochError(value: bad), "\(bad)") {
                try BuildClock.sourceDateEpoch(in: ["SOURCE_DATE_EPOCH": bad])
            }
        }
        let message = formattedDiagnostics(SourceDateEpochError(value: "soon"))
        #expect(
            message.first
                == "kiln: error: SOURCE_DATE_EPOCH is 'soon', not a whole number of seconds since 1970-01-01 00:00:00 UTC"
        )
    }

    @Test("the manifest records the pinned time and where it came from; another SOURCE_DATE_EPOCH rebuilds")
    func manifest() throws {
        let fixture = try TimeProject()
        var bundler = Bundler(project: try fixture.project, outputDirectory: fixture.folder.path("build"))
        bundler.clock = BuildClock(secondsSince1970: 1_700_000_000, isSourceDateEpoch: true)
        let first = try #require(try bundler.build().first?.result.get())
        guard case .built(let built, _) = first else {
            Issue.record("not built")
            return
        }
        #expect(built.clock.secondsSince1970 == 1_700_000_000)
        let text = String(decoding: try fixture.folder.read("build/kiln-manifest.json"), as: UTF8.self)
        #expect(
            text.contains(#""pinnedTime" : 1700000000"#) && text.contains(#""pinnedTimeSource" : "SOURCE_DATE_EPOCH""#))
        let db = try SQLiteConnection(path: fixture.folder.path("build/app.sqlite"), mode: .readOnly)
        #expect(
            try db.rows(sql: "SELECT created_at, stamped FROM event WHERE id = 1") == [
                ["2023-11-14 22:13:20", 1_700_000_000]
            ])
        guard case .upToDate = try bundler.build().first?.result.get() else {
            Issue.record("rebuilt")
            return
        }
        bundler.clock = BuildClock(secondsSince1970: 1_700_000_001, isSourceDateEpoch: true)
        guard case .built = try bundler.build().first?.result.get() else {
            Issue.record("not rebuilt")
            return
        }
        bundler.clock = nil
        guard case .upToDate = try bundler.build().first?.result.get() else {
            Issue.record("rebuilt")
            return
        }
        bundler.force = true
        guard case .built(let plain, _) = try bundler.build().first?.result.get() else {
            Issue.record("not built")
            return
        }
        #expect(!plain.clock.isSourceDateEpoch)
        let after = String(decoding: try fixture.folder.read("build/kiln-manifest.json"), as: UTF8.self)
        #expect(after.contains(#""pinnedTimeSource" : "build start""#))
    }

    @Test("two builds with different clocks: the finding names the table, the row's key and the column, at the seed")
    func differenceAtSeed() throws {
        let fixture = try TimeProject()
        let finding = try difference(fixture)
        #expect(
            finding.diagnostics.first.map { "\($0.location!): \($0.message)" }
                == "seeds/app/event.csv:1:1: app: two builds of the same sources differ: table 'event', row id = 1, column 'created_at': '2023-11-14 22:13:20' in one build, '2023-11-14 22:13:21' in the other"
        )
        #expect(finding.diagnostics.first?.code == "build-not-reproducible")
        let hint = finding.diagnostics.first?.hint ?? ""
        #expect(hint.contains("pins the clock") && hint.contains("report") == false)
    }

    @Test("without a seed file, the finding points at the last migration statement that defines the table")
    func differenceAtMigration() throws {
        let fixture = try TimeProject(seeded: false)
        try fixture.folder.write(
            "migrations/app/0002_rows.sql",
            "INSERT INTO log (note) VALUES ('start');\nCREATE INDEX log_note ON log (note);\n")
        let finding = try difference(fixture)
        #expect(
            finding.diagnostics.first.map { "\($0.location!): \($0.message)" }
                == "migrations/app/0002_rows.sql:2:1: app: two builds of the same sources differ: table 'log', row rowid = 1, column 'at': '2023-11-14 22:13:20' in one build, '2023-11-14 22:13:21' in the other"
        )
    }

    /// The one finding of two builds of `app` a second apart.
    private func difference(_ fixture: TimeProject) throws -> CheckFinding {
        let checker = ProjectChecker(project: try fixture.project)
        let paths = [fixture.folder.path("first.sqlite"), fixture.folder.path("second.sqlite")]
        let clocks = [1_700_000_000, 1_700_000_001].map { BuildClock(secondsSince1970: $0, isSourceDateEpoch: false) }
        let (fresh, findings) = checker.buildTwice("app", into: paths, clocks: clocks)
        #expect(fresh != nil)
        try #require(findings.count == 1)
        guard case .buildsDiffer(let database, let difference) = findings[0].reason else {
            Issue.record("\(findings[0].reason)")
            return findings[0]
        }
        #expect(database == "app" && difference.key.hasSuffix("= 1"))
        return findings[0]
    }

    @Test("check's two builds share one clock and agree, whatever time the rows store")
    func checkAgrees() throws {
        let fixture = try TimeProject()
        let checker = ProjectChecker(project: try fixture.project)
        for round in 0..<3 {
            let paths = [fixture.folder.path("a\(round).sqlite"), fixture.folder.path("b\(round).sqlite")]
            let (fresh, findings) = checker.buildTwice("app", into: paths)
            #expect(fresh != nil && findings.isEmpty, "\(findings.flatMap(\.diagnostics))")
        }
    }
}
