import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// A fleet never makes a database of an empty file unless asked, and never through a symbolic link.
@Suite("FleetMigrator and empty files")
struct FleetMigratorEmptyFileTests {
    /// The reason of a result's error, when it is a ``MigrationError``.
    func reason(_ result: FleetFileResult) -> MigrationError.Reason? { (result.error as? MigrationError)?.reason }

    @Test(
        "an empty file is refused whatever its name, in a dry run too, and stays 0 bytes with no journal",
        arguments: ["READY", "upload.lock", "notes.txt", "tenant.db"])
    func refused(_ name: String) throws {
        let fleet = try FleetMigratorFixture()
        try fleet.folder.write(name, "")
        for dryRun in [false, true] {
            var engine = FleetMigrator(migrator: try fleet.migrator())
            engine.dryRun = dryRun
            let result = engine.migrate(fleet.file(name))
            #expect(result.outcome == .refused && result.outcome.isFailure)
            #expect(reason(result) == .emptyFile(throughSymbolicLink: false))
            #expect(
                (result.error as? MigrationError)?.message
                    == "\(fleet.folder.path(name)) is an empty file, not a database")
            #expect(result.appliedCount == 0 && result.fromVersion == nil)
            #expect(try fleet.folder.read(name).isEmpty)
            #expect(!fleet.folder.exists(name + "-journal"))
        }
    }

    @Test("with createsDatabasesInEmptyFiles an empty regular file is made a database and migrated from 0")
    func createsWhenAsked() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.folder.write("new.db", "")
        var engine = FleetMigrator(migrator: try fleet.migrator())
        engine.createsDatabasesInEmptyFiles = true
        engine.dryRun = true
        #expect(engine.migrate(fleet.file("new.db")).outcome == .migrated)
        #expect(try fleet.folder.read("new.db").isEmpty)
        engine.dryRun = false
        let result = engine.migrate(fleet.file("new.db"))
        #expect(result.outcome == .migrated && result.fromVersion == 0 && result.toVersion == 3)
        #expect(try fleet.version("new.db") == 3)
    }

    @Test(
        "an empty file reached through a symbolic link is refused even when asked, and the file linked to stays empty")
    func linkNeverCreates() throws {
        let fleet = try FleetMigratorFixture()
        let outside = try TemporaryDirectory()
        let target = try outside.write("victim.txt", "")
        #expect(symlink(target, fleet.folder.path("link.db")) == 0)
        for creates in [false, true] {
            var engine = FleetMigrator(migrator: try fleet.migrator())
            engine.createsDatabasesInEmptyFiles = creates
            let result = engine.migrate(fleet.file("link.db"))
            #expect(result.outcome == .refused)
            #expect(reason(result) == .emptyFile(throughSymbolicLink: true))
            #expect(try outside.read("victim.txt").isEmpty)
            #expect(!outside.exists("victim.txt-journal"))
        }
    }

    @Test("a whole fleet: the empty files are refused, the databases migrated, the summary counts both")
    func mixedRun() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("a.db", at: 1)
        try fleet.database("b.db", at: 0)
        try fleet.folder.write("READY", "")
        let files = ["a.db", "b.db", "READY"].map { fleet.file($0) }
        let summary = FleetMigrator(migrator: try fleet.migrator(), concurrency: 2).migrate(files)
        #expect(summary.counts[.migrated] == 2 && summary.counts[.refused] == 1 && !summary.succeeded)
        #expect(try fleet.folder.read("READY").isEmpty)
    }

    @Test("the single-file migrator still makes a database of an existing empty file, as SQLite does")
    func singleFileCreates() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.folder.write("app.db", "")
        let report = try fleet.migrator().migrate(fileAt: fleet.folder.path("app.db"))
        #expect(report.startVersion == 0 && report.endVersion == 3)
    }
}
