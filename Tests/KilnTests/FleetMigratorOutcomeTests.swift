import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

@Suite("FleetMigrator outcomes")
struct FleetMigratorOutcomeTests {
    @Test("a file at the newest version is up to date from its header alone: SQLite never opens it")
    func upToDateFromHeader() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 3)
        let before = try fleet.folder.read("a.db")
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("a.db"))
        #expect(result.outcome == .upToDate)
        #expect(result.fromVersion == 3 && result.toVersion == 3 && result.appliedCount == 0)
        #expect(fleet.openCount == 0)
        #expect(try fleet.folder.read("a.db") == before)
        // A sane header over a body SQLite cannot read: only the header (and the size) was looked at.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 1000))
        try handle.close()
        #expect(FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("a.db")).outcome == .upToDate)
        #expect(fleet.openCount == 0)
        // A file whose size disagrees with its header's page count is left to SQLite, which refuses it.
        #expect(truncate(path, 100) == 0)
        #expect(FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("a.db")).outcome == .refused)
    }

    @Test("a -journal beside an up-to-date file sends it to SQLite, which still finds nothing to do")
    func journalTakesSlowPath() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("a.db", at: 3)
        _ = try fleet.folder.write("a.db-journal", "")
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("a.db"))
        #expect(result.outcome == .upToDate && result.fromVersion == 3 && result.toVersion == 3)
        #expect(fleet.openCount == 1)
    }

    @Test("a -wal beside a rollback-mode file whose header says up to date sends it to SQLite")
    func walBesideHeaderOnlyFile() throws {
        let fleet = try FleetMigratorFixture()
        let path = try fleet.database("a.db", at: 3)
        #expect(truncate(path, 100) == 0)
        _ = try fleet.folder.write("a.db-wal", "")
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("a.db"))
        // Without the -wal the header alone says up to date (the first test); with it, SQLite reads the
        // body, which is gone.
        #expect(result.outcome == .refused)
        #expect(result.error is MigrationError)
    }

    @Test("an old file is migrated from its version to the newest")
    func migratesOld() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("old.db", at: 1)
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("old.db"))
        #expect(result.outcome == .migrated)
        #expect(result.fromVersion == 1 && result.toVersion == 3 && result.appliedCount == 2)
        #expect(result.error == nil)
        #expect(try fleet.version("old.db") == 3)
    }

    @Test("a new database at version 0 is migrated; a target stops below the newest")
    func migratesEmptyToTarget() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("new.db", at: 0)
        var engine = FleetMigrator(migrator: try fleet.migrator())
        engine.target = 2
        let result = engine.migrate(fleet.file("new.db"))
        #expect(result.outcome == .migrated && result.fromVersion == 0 && result.toVersion == 2)
        #expect(engine.migrate(fleet.file("new.db")).outcome == .upToDate)
    }

    @Test("a failing migration fails the file, which stays at the last version that committed")
    func failedMigration() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("a.db", at: 1)
        let broken = FleetMigratorFixture.shop.prefix(2) + [("0003_broken.sql", "ALTER TABLE nothing ADD x;\n")]
        let result = FleetMigrator(migrator: try fleet.migrator(Array(broken))).migrate(fleet.file("a.db"))
        #expect(result.outcome == .failed)
        #expect(result.fromVersion == 1 && result.toVersion == 2 && result.appliedCount == 1)
        guard case .statementFailed(version: 3, _)? = (result.error as? MigrationError)?.reason else {
            Issue.record("expected migration 3 to fail, got \(String(describing: result.error))")
            return
        }
        #expect(try fleet.version("a.db") == 2)
    }

    @Test(
        "files this migration set may not change are refused with the single-file command's error",
        arguments: ["newer", "not SQLite", "another application's", "version 0 with tables", "damaged"])
    func refused(_ kind: String) throws {
        let fleet = try FleetMigratorFixture()
        let expected = try makeRefusable(kind, in: fleet)
        let before = try fleet.folder.read("x.db")
        let result = FleetMigrator(migrator: try fleet.migrator(applicationID: 7)).migrate(fleet.file("x.db"))
        #expect(result.outcome == .refused)
        #expect((result.error as? MigrationError)?.reason.kind == expected)
        #expect(try fleet.folder.read("x.db") == before)
        let single = #expect(throws: MigrationError.self) {
            try fleet.migrator(applicationID: 7).migrate(fileAt: fleet.folder.path("x.db"))
        }
        #expect(single?.message == (result.error as? MigrationError)?.message)
    }

    /// Makes `x.db` a file of `kind`; returns the refusal expected for it.
    private func makeRefusable(_ kind: String, in fleet: FleetMigratorFixture) throws -> String {
        switch kind {
        case "newer":
            try fleet.database("x.db", at: 3)
            try SQLiteConnection(path: fleet.folder.path("x.db")).execute(sql: "PRAGMA user_version = 9")
            return "databaseIsNewer"
        case "not SQLite":
            _ = try fleet.folder.write("x.db", String(repeating: "not a database\n", count: 100))
            return "notADatabase"
        case "another application's":
            try fleet.database("x.db", at: 3, applicationID: 42)
            return "applicationIDMismatch"
        case "version 0 with tables":
            try SQLiteConnection(path: fleet.folder.path("x.db")).execute(sql: "CREATE TABLE t (x)")
            return "notCreatedByKiln"
        default:
            let path = try fleet.database("x.db", at: 1)
            var bytes = try fleet.folder.read("x.db")
            for index in 100..<min(bytes.count, 4096) { bytes[index] = 0xA5 }
            _ = try fleet.folder.write("x.db", bytes: bytes)
            _ = path
            return "cannotRead"
        }
    }

    @Test("a folder is refused as not a regular file; a symbolic link to nothing is refused and creates nothing")
    func folderAndDanglingLink() throws {
        let fleet = try FleetMigratorFixture()
        try FileManager.default.createDirectory(atPath: fleet.folder.path("dir.db"), withIntermediateDirectories: true)
        #expect(symlink(fleet.folder.path("gone.db"), fleet.folder.path("dangling.db")) == 0)
        let engine = FleetMigrator(migrator: try fleet.migrator())
        let folder = engine.migrate(fleet.file("dir.db"))
        #expect(folder.outcome == .refused)
        #expect((folder.error as? FileSystemError)?.cause == .notARegularFile(.directory))
        let dangling = engine.migrate(fleet.file("dangling.db"))
        #expect(dangling.outcome == .refused)
        #expect(!fleet.folder.exists("gone.db"))
    }

    @Test("a symbolic link to an old database migrates the database it points to")
    func goodLink() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("real.db", at: 1)
        #expect(symlink("real.db", fleet.folder.path("link.db")) == 0)
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(fleet.file("link.db"))
        #expect(result.outcome == .migrated && result.toVersion == 3)
        #expect(try fleet.version("real.db") == 3)
    }

    @Test("a file gone before its turn is vanished, and nothing is created in its place")
    func vanished() throws {
        let fleet = try FleetMigratorFixture()
        for dryRun in [false, true] {
            var engine = FleetMigrator(migrator: try fleet.migrator())
            engine.dryRun = dryRun
            let result = engine.migrate(fleet.file("gone.db"))
            #expect(result.outcome == .vanished && result.error == nil && result.fromVersion == nil)
            #expect(!fleet.folder.exists("gone.db"))
        }
        #expect(!FleetFileResult.Outcome.vanished.isFailure)
    }

    @Test("a file listed with a problem is refused with it, without being opened")
    func listedProblem() throws {
        let fleet = try FleetMigratorFixture()
        let problem = FileSystemError(.list, path: fleet.folder.path("locked"), code: EACCES)
        let file = FleetFile(path: fleet.folder.path("locked"), relativePath: "locked", problem: problem)
        let result = FleetMigrator(migrator: try fleet.migrator()).migrate(file)
        #expect(result.outcome == .refused && (result.error as? FileSystemError) == problem)
        #expect(fleet.openCount == 0)
    }

    @Test("a dry run migrates a copy and leaves the file as it was")
    func dryRun() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("old.db", at: 1)
        let before = try fleet.folder.read("old.db")
        var engine = FleetMigrator(migrator: try fleet.migrator())
        engine.dryRun = true
        let result = engine.migrate(fleet.file("old.db"))
        #expect(result.outcome == .migrated && result.toVersion == 3)
        #expect(try fleet.folder.read("old.db") == before)
    }
}

extension MigrationError.Reason {
    /// The name of the case, for comparisons that ignore its values.
    var kind: String { String(describing: self).prefix { $0 != "(" }.description }
}
