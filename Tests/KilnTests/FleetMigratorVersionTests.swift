import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

/// What the fleet migrator says of files whose header is stale, that cannot be written, that are past the
/// target, and links to nothing (found by the user review of issue 16).
@Suite("FleetMigrator versions and refusals")
struct FleetMigratorVersionTests {
    @Test("a file whose newest version is still in its -wal is up to date at that version, not the header's")
    func staleHeaderBehindTheLog() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 2)
        try SQLiteConnection(path: path).execute(sql: "PRAGMA journal_mode = WAL")
        // A reader's snapshot at version 2 keeps the checkpoint from copying version 3 into the file.
        let reader = try SQLiteConnection(path: path, mode: .readOnly)
        try reader.execute(sql: "BEGIN")
        #expect(try Migrator.version(of: reader) == 2)
        let writer = Migrator(migrations: try fleet.migrator().migrations)
        try writer.migrate(fileAt: path)
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100))
        #expect(header[60..<64].elementsEqual([0, 0, 0, 2]), "the header still says version 2")
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("a.db"))
        #expect(result.outcome == .upToDate)
        #expect(result.fromVersion == 3 && result.toVersion == 3)
        try reader.execute(sql: "COMMIT")
    }

    @Test("two names of one file: every migration runs once, and both end at the newest version")
    func twoNamesOfOneFile() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("real.db", at: 1)
        #expect(symlink("real.db", fleet.folder.path("link.db")) == 0)
        var results: [FleetFileResult] = []
        let engine = FleetMigrator(migrator: try fleet.migrator(), concurrency: 2)
        let summary = engine.migrate([fleet.file("link.db"), fleet.file("real.db")]) { results.append($0) }
        #expect(summary.succeeded)
        #expect(results.map(\.toVersion) == [3, 3])
        // Each migration ran once, under one name or the other (they may share the work).
        #expect(results.map(\.appliedCount).reduce(0, +) == 2)
        #expect(results.filter { $0.outcome == .upToDate }.allSatisfy { $0.fromVersion == 3 })
    }

    @Test("a file already past the target is refused, and nothing is written")
    func pastTheTarget() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 3)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var engine = FleetMigrator(migrator: try fleet.migrator())
        engine.target = 2
        let result = engine.migrate(fleet.file("a.db"))
        #expect(result.outcome == .refused)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a file that cannot be written is refused, not failed, and stays as it was")
    func unwritableFile() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 1)
        #expect(chmod(path, 0o444) == 0 && chmod(fleet.folder.url.path, 0o755) == 0)
        let engine = FleetMigrator(migrator: try fleet.migrator())
        let file = fleet.file("a.db")
        // Root writes whatever the permissions say: migrate as `nobody` there (Linux), as the user elsewhere.
        let result: FleetFileResult? = geteuid() == 0 ? asNobody { engine.migrate(file) } : engine.migrate(file)
        guard let result else { return }
        #expect(result.outcome == .refused, "\(String(describing: result.error))")
        #expect(try fleet.version("a.db") == 1)
        #expect(!fleet.folder.exists("a.db-journal"))
    }

    @Test("a link to nothing is refused with the system's error, and nothing is created where it points")
    func danglingLink() throws {
        let fleet = try FleetMigratorFixture()
        #expect(symlink(fleet.folder.path("gone.db"), fleet.folder.path("dangling.db")) == 0)
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("dangling.db"))
        #expect(result.outcome == .refused)
        #expect((result.error as? FileSystemError)?.code == ENOENT, "\(String(describing: result.error))")
        #expect(!fleet.folder.exists("gone.db"))
    }

    @Test("a cancelled run stops waiting for a busy file after the attempt in progress")
    func cancelledWhileBusy() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 1)
        let holder = LockHolder.sqliteWriteLock(on: path, holding: 30)
        defer { holder.unlock() }
        // The run is cancelled once the file's first attempt has begun (its connection is being prepared).
        let cancelled = CancellationFlag()
        var migrator = try fleet.migrator()
        migrator.prepareConnection = { _ in cancelled.set() }
        var engine = FleetMigrator(migrator: migrator, concurrency: 1)
        engine.busyTimeoutMilliseconds = 300
        engine.busyAttempts = 10
        var results: [FleetFileResult] = []
        _ = engine.migrate([fleet.file("a.db")], onResult: { results.append($0) }, isCancelled: { cancelled.isSet })
        #expect(results.map(\.outcome) == [.interrupted])
        // The attempt in progress, and no other of the ten.
        #expect(results.first?.busyRetries == 1)
    }
}
