import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

/// Counts the migrations running at the same moment, through a SQL function the migrations call.
final class InFlightGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var highest = 0

    /// The most that ran at once.
    var peak: Int {
        lock.lock()
        defer { lock.unlock() }
        return highest
    }

    /// Registers `pause()` on `connection`: it counts itself in, sleeps `seconds`, and counts itself out.
    func install(on connection: SQLiteConnection, seconds: TimeInterval) throws {
        try connection.createFunction(named: "pause", argumentCount: 0, deterministic: false) { [self] _ in
            lock.lock()
            current += 1
            highest = max(highest, current)
            lock.unlock()
            Thread.sleep(forTimeInterval: seconds)
            lock.lock()
            current -= 1
            lock.unlock()
            return .null
        }
    }
}

@Suite("FleetMigrator runs")
struct FleetMigratorRunTests {
    @Test("files run in parallel, never more at once than the concurrency")
    func boundedParallelism() throws {
        let fleet = try FleetMigratorFixture()
        let files = try (0..<16).map { index in
            try fleet.database("t\(index).db", at: 0)
            return fleet.file("t\(index).db")
        }
        let gauge = InFlightGauge()
        var migrator = Migrator(migrations: try migrationSet("slow", [("0001_slow.sql", "SELECT pause();\n")]))
        migrator.prepareConnection = { try gauge.install(on: $0, seconds: 0.05) }
        var seen: [String] = []
        let summary = FleetMigrator(migrator: migrator, concurrency: 4).migrate(
            files,
            onResult: {
                seen.append($0.file.path)
            })
        #expect(gauge.peak <= 4)
        #expect(gauge.peak >= 2)
        #expect(Set(seen) == Set(files.map(\.path)) && seen.count == 16)
        #expect(summary.counts[.migrated] == 16 && summary.succeeded)
    }

    @Test("the work queue never has more files in flight than workers")
    func queuePeak() throws {
        let fleet = try FleetMigratorFixture()
        let files = try (0..<12).map { index in
            try fleet.database("t\(index).db", at: 1)
            return fleet.file("t\(index).db")
        }
        var peak = 0
        let engine = FleetMigrator(migrator: try fleet.migrator(), concurrency: 3)
        let summary = engine.run(files, isCancelled: { false }, onResult: { _ in }, observe: { peak = $0.peakInFlight })
        #expect(peak >= 1 && peak <= 3)
        #expect(summary.counts[.migrated] == 12)
    }

    @Test("with fail-fast, no file starts after the first failure; the rest are counted, unchanged")
    func failFast() throws {
        let fleet = try FleetMigratorFixture()
        _ = try fleet.folder.write("bad.db", String(repeating: "text ", count: 200))
        var files = [fleet.file("bad.db")]
        for index in 0..<30 {
            try fleet.database("t\(index).db", at: 1)
            files.append(fleet.file("t\(index).db"))
        }
        var engine = FleetMigrator(migrator: try fleet.migrator(), concurrency: 1)
        engine.stopsAtFirstFailure = true
        var results: [FleetFileResult] = []
        let summary = engine.migrate(files, onResult: { results.append($0) })
        #expect(results.map(\.outcome) == [.refused])
        #expect(summary.notStarted == 30 && summary.stoppedEarly && !summary.succeeded)
        for index in 0..<30 { #expect(try fleet.version("t\(index).db") == 1) }
    }

    @Test("without fail-fast, a failure does not stop the others")
    func failureDoesNotStop() throws {
        let fleet = try FleetMigratorFixture()
        _ = try fleet.folder.write("bad.db", String(repeating: "text ", count: 200))
        var files = [fleet.file("bad.db")]
        for index in 0..<5 { files.append(FleetFile(path: try fleet.database("t\(index).db", at: 1))) }
        let summary = FleetMigrator(migrator: try fleet.migrator(), concurrency: 2).migrate(files)
        #expect(summary.counts[.refused] == 1 && summary.counts[.migrated] == 5)
        #expect(summary.notStarted == 0 && !summary.stoppedEarly && !summary.succeeded)
    }

    @Test("once cancelled, no file starts; every file is either reported or counted as not started")
    func cancellation() throws {
        let fleet = try FleetMigratorFixture()
        let files = try (0..<10).map { FleetFile(path: try fleet.database("t\($0).db", at: 1)) }
        let flag = CancellationFlag()
        var reported = 0
        let summary = FleetMigrator(migrator: try fleet.migrator(), concurrency: 1).migrate(
            files, isCancelled: { flag.isSet },
            onResult: { _ in
                reported += 1
                flag.set()
            })
        #expect(reported >= 1 && reported <= 2)
        #expect(reported + summary.notStarted == 10 && summary.stoppedEarly)
        let untouched = try (0..<10).filter { try fleet.version("t\($0).db") == 1 }.count
        #expect(untouched == summary.notStarted)
        let none = FleetMigrator(migrator: try fleet.migrator()).migrate(files, isCancelled: { true })
        #expect(none.fileCount == 0 && none.notStarted == 10)
    }

    @Test("two fleet migrators on one fleet apply every migration exactly once")
    func exactlyOnce() throws {
        let fleet = try FleetMigratorFixture()
        let logged: [(String, String)] = [
            ("0001_log.sql", "CREATE TABLE log (n INTEGER NOT NULL);\nINSERT INTO log VALUES (1);\n"),
            ("0002_log.sql", "INSERT INTO log VALUES (2);\n"),
            ("0003_log.sql", "INSERT INTO log VALUES (3);\n"),
        ]
        let files = try (0..<20).map { FleetFile(path: try fleet.database("t\($0).db", at: 0)) }
        let engine = FleetMigrator(migrator: try fleet.migrator(logged), concurrency: 3)
        let other = SummaryBox()
        let thread = Thread { other.set(engine.migrate(files)) }
        thread.start()
        let mine = engine.migrate(files)
        let theirs = other.wait()
        #expect(mine.fileCount == 20 && theirs.fileCount == 20)
        #expect(mine.failureCount == 0 && theirs.failureCount == 0)
        for file in files {
            let rows = try SQLiteConnection(path: file.path).rows(sql: "SELECT n FROM log ORDER BY rowid")
            #expect(rows.map { $0[0] } == [.integer(1), .integer(2), .integer(3)])
        }
    }

    @Test("the summary counts outcomes and starting versions and keeps the five slowest, slowest first")
    func summaryFigures() throws {
        let fleet = try FleetMigratorFixture()
        var files: [FleetFile] = []
        for (index, version) in [1, 1, 2, 3, 3, 3, 0].enumerated() {
            files.append(FleetFile(path: try fleet.database("t\(index).db", at: Int32(version))))
        }
        _ = try fleet.folder.write("bad.db", String(repeating: "text ", count: 200))
        files.append(FleetFile(path: fleet.folder.path("bad.db")))
        files.append(FleetFile(path: fleet.folder.path("gone.db")))
        let summary = FleetMigrator(migrator: try fleet.migrator(), concurrency: 2).migrate(files)
        #expect(summary.fileCount == 9)
        #expect(summary.counts == [.migrated: 4, .upToDate: 3, .refused: 1, .vanished: 1])
        #expect(summary.startingVersions == [0: 1, 1: 2, 2: 1, 3: 3])
        #expect(summary.slowest.count == 5)
        #expect(summary.slowest.map(\.duration) == summary.slowest.map(\.duration).sorted(by: >))
        #expect(summary.failureCount == 1 && !summary.succeeded && summary.duration > 0)
    }

    @Test("the async convenience migrates off the cooperative pool and returns the summary")
    func asyncConvenience() async throws {
        let fleet = try FleetMigratorFixture()
        let files = try (0..<6).map { FleetFile(path: try fleet.database("t\($0).db", at: 1)) }
        let summary = await FleetMigrator(migrator: try fleet.migrator(), concurrency: 2).migrate(files)
        #expect(summary.counts[.migrated] == 6 && summary.succeeded)
    }
}

/// A summary handed from one thread to another.
final class SummaryBox: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var summary = FleetSummary()

    /// Stores the summary and wakes ``wait()``.
    func set(_ value: FleetSummary) {
        summary = value
        ready.signal()
    }

    /// Waits for the summary.
    func wait() -> FleetSummary {
        ready.wait()
        return summary
    }
}
