import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

@Suite("FleetMigrator locks and journals")
struct FleetMigratorLockTests {
    @Test("a write lock held through every attempt makes the file busy, unchanged, after the set attempts")
    func busyThroughout() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 1)
        let holder = LockHolder.sqliteWriteLock(on: path, holding: 30)
        var engine = FleetMigrator(migrator: try fleet.migrator())
        engine.busyTimeoutMilliseconds = 50
        engine.busyAttempts = 3
        let result = engine.migrate(fleet.file("a.db"))
        #expect(result.outcome == .busy && result.busyRetries == 3)
        #expect(result.fromVersion == 1 && result.toVersion == 1 && result.appliedCount == 0)
        #expect(result.sqliteCode?.matches(.busy) == true)
        holder.unlock()
        #expect(try fleet.version("a.db") == 1)
    }

    @Test("a write lock let go within the attempts only delays the file, which is then migrated")
    func busyThenReleased() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 1)
        let holder = LockHolder.sqliteWriteLock(on: path, holding: 0.15)
        var engine = FleetMigrator(migrator: try fleet.migrator())
        engine.busyTimeoutMilliseconds = 60
        engine.busyAttempts = 20
        let result = engine.migrate(fleet.file("a.db"))
        #expect(result.outcome == .migrated && result.toVersion == 3)
        #expect(result.busyRetries >= 1 && result.busyRetries < 20)
        #expect(result.error == nil)
        holder.unlock()
    }

    @Test("a WAL-mode file with no -wal is up to date from its header; with a -wal, SQLite decides")
    func writeAheadLog() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 3)
        try SQLiteConnection(path: path).execute(sql: "PRAGMA journal_mode = WAL")
        #expect(!fleet.folder.exists("a.db-wal"))
        let engine = FleetMigrator(migrator: try fleet.migrator())
        #expect(engine.migrate(fleet.file("a.db")).outcome == .upToDate)
        #expect(fleet.openCount == 0)
        // A reader keeps the log in place; the file goes to SQLite and is still up to date.
        let reader = try SQLiteConnection(path: path, mode: .readOnly)
        _ = try reader.integer(sql: "SELECT count(*) FROM item")
        #expect(fleet.folder.exists("a.db-wal"))
        let result = engine.migrate(fleet.file("a.db"))
        #expect(result.outcome == .upToDate && result.toVersion == 3)
        #expect(fleet.openCount == 1)
        try reader.close()
    }

    @Test("an old WAL-mode file with its -wal present is migrated through SQLite")
    func oldWriteAheadLog() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 1)
        let keeper = try SQLiteConnection(path: path)
        try keeper.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
        try keeper.execute(sql: "INSERT INTO item (name) VALUES ('fig')")
        #expect(fleet.folder.exists("a.db-wal"))
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("a.db"))
        #expect(result.outcome == .migrated && result.fromVersion == 1 && result.toVersion == 3)
        #expect(try keeper.integer(sql: "SELECT count(*) FROM item WHERE name = 'fig'") == 1)
        try keeper.close()
    }

    @Test("outcomes: busy and interrupt codes wherever they come from; refusals; everything else fails")
    func classification() {
        let busy = SQLiteError(code: .busySnapshot, message: "busy")
        let interrupt = SQLiteError(code: .interrupt, message: "interrupted")
        #expect(FleetMigrator.outcome(of: busy) == .busy)
        #expect(FleetMigrator.outcome(of: MigrationError(.database(busy), path: "a", database: "d")) == .busy)
        #expect(FleetMigrator.outcome(of: MigrationError(.cannotRead(busy), path: "a", database: "d")) == .busy)
        #expect(FleetMigrator.outcome(of: interrupt) == .interrupted)
        let interrupted = MigrationError(.fileFailed(version: 2, interrupt), path: "a", database: "d")
        #expect(FleetMigrator.outcome(of: interrupted) == .interrupted)
        let damaged = SQLiteError(code: .corrupt, message: "malformed")
        #expect(FleetMigrator.outcome(of: MigrationError(.cannotRead(damaged), path: "a", database: "d")) == .refused)
        #expect(FleetMigrator.outcome(of: MigrationError(.cannotOpen(damaged), path: "a", database: "d")) == .refused)
        #expect(FleetMigrator.outcome(of: FileSystemError(.open, path: "a", code: 13)) == .refused)
        let full = SQLiteError(code: .full, message: "full")
        #expect(
            FleetMigrator.outcome(of: MigrationError(.fileFailed(version: 2, full), path: "a", database: "d"))
                == .failed)
        #expect(FleetMigrator.outcome(of: CocoaError(.fileReadUnknown)) == .failed)
    }
}
