import Foundation
import Kiln
import KilnCommandLine
import KilnTestSupport
import Testing

@Suite("kiln build, check and seed pin the clock, in-process")
struct ClockCommandTests {
    static let migration = """
        CREATE TABLE event (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
            token TEXT NOT NULL DEFAULT (hex(randomblob(16))),
            lucky INTEGER NOT NULL DEFAULT (random()),
            stamped INTEGER
        );
        CREATE TRIGGER event_stamp AFTER INSERT ON event BEGIN
            UPDATE event SET stamped = strftime('%s','now') WHERE id = NEW.id;
        END;

        """

    /// A project with one database, `app`, whose seeded rows take the time and random values from defaults.
    private func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/app/0001_events.sql", Self.migration)
        try folder.write("seeds/app/event.csv", "id,name\n1,first\n2,second\n")
        return folder
    }

    /// Runs kiln in `folder` with ``TestEnvironment/kiln`` and `environment`, but no `SOURCE_DATE_EPOCH` of its own.
    private func kiln(_ arguments: String..., in folder: TemporaryDirectory, environment: [String: String] = [:])
        -> ProcessResult
    {
        var output = ""
        var errors = ""
        let status = KilnTool.run(
            arguments, currentDirectory: folder.url, standardOutput: { output += $0 }, standardError: { errors += $0 },
            environment: TestEnvironment.kiln.filter { $0.key != "SOURCE_DATE_EPOCH" }.merging(environment) { $1 })
        return ProcessResult(status: status, standardOutput: output, standardError: errors)
    }

    /// `kiln build --force`, then the built file's bytes and its rows.
    private func build(_ folder: TemporaryDirectory, epoch: String?) throws -> (bytes: [UInt8], rows: [[SQLiteValue]]) {
        let result = kiln("build", "--force", in: folder, environment: epoch.map { ["SOURCE_DATE_EPOCH": $0] } ?? [:])
        #expect(result.status == 0, "\(result.standardError)")
        let db = try SQLiteConnection(path: folder.path("build/app.sqlite"), mode: .readOnly)
        #expect(try db.rows(sql: "PRAGMA integrity_check") == [["ok"]])
        let rows = try db.rows(sql: "SELECT created_at, stamped, token, lucky FROM event ORDER BY id")
        try db.close()
        return (try folder.read("build/app.sqlite"), rows)
    }

    @Test(
        "two builds a second apart: byte-identical under one SOURCE_DATE_EPOCH; without it, other times but the same random values"
    )
    func buildsASecondApart() throws {
        let folder = try project()
        let pinnedFirst = try build(folder, epoch: "1700000000")
        let plainFirst = try build(folder, epoch: nil)
        Thread.sleep(forTimeInterval: 1.1)
        let pinnedSecond = try build(folder, epoch: "1700000000")
        let plainSecond = try build(folder, epoch: nil)
        #expect(pinnedFirst.bytes == pinnedSecond.bytes)
        #expect(pinnedFirst.rows[0][0] == "2023-11-14 22:13:20" && pinnedFirst.rows[0][1] == 1_700_000_000)
        #expect(plainFirst.bytes != plainSecond.bytes)
        #expect(plainFirst.rows.map { $0[0] } != plainSecond.rows.map { $0[0] })
        // Within a build every statement sees the build's one instant.
        #expect(Set(plainSecond.rows.map { $0[1] }).count == 1)
        let now = Int64(Date().timeIntervalSince1970)
        #expect(abs((plainSecond.rows[0][1].integerValue ?? 0) - now) < 60)
        // random() and randomblob() depend on the sources only, not on the clock.
        for rows in [plainFirst.rows, plainSecond.rows, pinnedSecond.rows] {
            #expect(rows.map { Array($0[2...]) } == pinnedFirst.rows.map { Array($0[2...]) })
        }
        let manifest = String(decoding: try folder.read("build/kiln-manifest.json"), as: UTF8.self)
        #expect(manifest.contains(#""pinnedTimeSource" : "build start""#))
    }

    @Test("kiln check is green 10 times out of 10 on a project that stores the time")
    func checkIsStable() throws {
        let folder = try project()
        #expect(kiln("hash", in: folder).status == 0)
        for _ in 0..<10 {
            let result = kiln("check", in: folder)
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(kiln("check", in: folder, environment: ["SOURCE_DATE_EPOCH": "1700000000"]).status == 0)
    }

    @Test("an invalid SOURCE_DATE_EPOCH is an error for build, check and seed")
    func invalidEpoch() throws {
        let folder = try project()
        try folder.write("dev.sqlite", "")
        #expect(kiln("migrate", "app", "--db", "dev.sqlite", in: folder).status == 0)
        for arguments in [["build"], ["check"], ["seed", "app", "--db", "dev.sqlite"]] {
            var output = ""
            var errors = ""
            let status = KilnTool.run(
                arguments, currentDirectory: folder.url, standardOutput: { output += $0 },
                standardError: { errors += $0 },
                environment: TestEnvironment.kiln.merging(["SOURCE_DATE_EPOCH": "tomorrow"]) { $1 })
            #expect(status == 1)
            #expect(
                errors.hasPrefix(
                    "kiln: error: SOURCE_DATE_EPOCH is 'tomorrow', not a whole number of seconds since 1970-01-01 00:00:00 UTC\nkiln: note: set it to digits only"
                ), "\(arguments): \(errors)")
        }
        #expect(!folder.exists("build/app.sqlite"))
    }

    @Test("kiln seed uses the real clock, or SOURCE_DATE_EPOCH when it is set")
    func seedClock() throws {
        let folder = try project()
        for name in ["real.sqlite", "pinned.sqlite"] {
            #expect(kiln("migrate", "app", "--db", name, in: folder).status == 0)
        }
        #expect(kiln("seed", "app", "--db", "real.sqlite", in: folder).status == 0)
        let pinned = kiln(
            "seed", "app", "--db", "pinned.sqlite", in: folder, environment: ["SOURCE_DATE_EPOCH": "86400"])
        #expect(pinned.status == 0, "\(pinned.standardError)")
        let db = try SQLiteConnection(path: folder.path("pinned.sqlite"), mode: .readOnly)
        #expect(
            try db.rows(sql: "SELECT DISTINCT created_at, stamped FROM event") == [["1970-01-02 00:00:00", 86_400]])
        let real = try SQLiteConnection(path: folder.path("real.sqlite"), mode: .readOnly)
        let stamped = try real.integer(sql: "SELECT stamped FROM event WHERE id = 1")
        #expect(abs(stamped - Int64(Date().timeIntervalSince1970)) < 60)
    }

    @Test("kiln reset builds under SOURCE_DATE_EPOCH too")
    func resetClock() throws {
        let folder = try project()
        let reset = kiln("reset", "app", "--db", "dev.sqlite", in: folder, environment: ["SOURCE_DATE_EPOCH": "86400"])
        #expect(reset.status == 0, "\(reset.standardError)")
        let db = try SQLiteConnection(path: folder.path("dev.sqlite"), mode: .readOnly)
        #expect(
            try db.rows(sql: "SELECT DISTINCT created_at, stamped FROM event") == [["1970-01-02 00:00:00", 86_400]])
    }
}
