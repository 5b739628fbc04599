import Foundation
import Kiln
import OnomasticiCore
import Testing

@Suite("Onomastici launches")
struct LaunchTests {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("onomastici-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the kiln plugin bundled santi.sql as a resource, built from the migrations and seeds")
    func bundled() throws {
        let db = try DatabaseInstaller.openBundled(NameDays.bundledDatabase)
        #expect(try db.integer(sql: "SELECT count(*) FROM santi") == 366)
        #expect(try Migrator.version(of: db) == 2)
    }

    @Test("first launch copies the database and answers with the tutorial's query")
    func firstLaunch() throws {
        let nameDays = try NameDays(dataFolder: try scratch())
        #expect(nameDays.installReport.outcome == .copied)
        #expect(try nameDays.saint(day: 19, month: 3)?.contains("Giuseppe") == true)
        #expect(try nameDays.saint(day: 4, month: 10)?.contains("Francesco") == true)
        #expect(try nameDays.saint(day: 31, month: 2) == nil)
    }

    @Test("second launch finds the copy up to date and keeps the user's favourites")
    func secondLaunch() throws {
        let folder = try scratch()
        try NameDays(dataFolder: folder).addFavorite(day: 19, month: 3, note: "papà")
        let again = try NameDays(dataFolder: folder)
        #expect(again.installReport.outcome == .upToDate)
        #expect(try again.favorites() == ["19/3 papà"])
    }

    @Test(
        "an install from the app's previous release (migrations at version 1) is upgraded when the migrations gain a version"
    )
    func upgrade() throws {
        let folder = try scratch()
        // The previous release: a bundle at version 1, installed, then used.
        let previous = try scratch().appendingPathComponent("santi-v1.sql")
        let all = try NameDays.bundledMigrations()
        let versionOne = try MigrationSet(
            database: "santi", directoryPath: "migrations/santi",
            files: [(all.migrations[0].fileName, all.migrations[0].source.bytes)])
        try Migrator(migrations: versionOne).migrate(fileAt: previous.path)
        let old = try SQLiteConnection(path: previous.path)
        try old.execute(sql: "INSERT INTO santi (day, month, santo1) VALUES (19, 3, 'San Giuseppe (old data)')")
        try old.close()
        let first = try NameDays(dataFolder: folder, bundled: previous, migrations: versionOne)
        #expect(first.installReport.outcome == .copied)
        #expect(try first.saint(day: 19, month: 3) == "San Giuseppe (old data)")

        // This release: migrations gained version 2 and the calendar is complete.
        let upgraded = try NameDays(dataFolder: folder)
        #expect(upgraded.installReport == .init(outcome: .upgraded(from: 1, to: 2), refreshedTables: ["santi"]))
        #expect(try upgraded.saint(day: 19, month: 3)?.contains("Giuseppe") == true)
        #expect(try upgraded.saint(day: 19, month: 3) != "San Giuseppe (old data)")
        try upgraded.addFavorite(day: 4, month: 10, note: "Francesco")
        #expect(try upgraded.favorites() == ["4/10 Francesco"])
    }
}
