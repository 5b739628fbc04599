import Foundation
import Kiln
import KilnTestSupport
import Testing

/// An app moving from GRDB's migrator to kiln's installer: the copy on the device was made by GRDB (its own
/// statements, `grdb_migrations`, no `user_version`), and the new app version bundles kiln's database.
@Suite("The installer adopts a copy another migration system made")
struct LegacyAdoptionTests {
    /// The copy GRDB made with migrations "createSaints" and "createFavorites" (kiln's version 1, written
    /// differently) and "seedSaints" (version 2), holding the user's rows.
    static func grdbCopy(_ fixture: InstallFixture, throughSeed: Bool = true) throws {
        let copy = try SQLiteConnection(path: fixture.destination.path)
        try copy.execute(
            sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                CREATE TABLE "saint" ("day" INTEGER NOT NULL, "month" INTEGER NOT NULL, "name" TEXT NOT NULL,
                    PRIMARY KEY ("month", "day"));
                INSERT INTO grdb_migrations VALUES ('createSaints');
                CREATE TABLE "favorite" ("id" INTEGER PRIMARY KEY, "note" TEXT NOT NULL);
                INSERT INTO grdb_migrations VALUES ('createFavorites');
                INSERT INTO favorite (note) VALUES ('mine'), ('also mine');
                """)
        if throughSeed {
            try copy.execute(
                sql: """
                    INSERT INTO saint VALUES (19, 3, 'Giuseppe'), (4, 10, 'Francesco');
                    INSERT INTO grdb_migrations VALUES ('seedSaints');
                    """)
        }
        try copy.close()
    }

    static let map: [String: Int32] = ["createSaints": 1, "createFavorites": 1, "seedSaints": 2]

    @Test("GRDB's copy is adopted at the version its identifiers map to and upgraded, every user row kept")
    func grdb() throws {
        let fixture = try InstallFixture()
        try Self.grdbCopy(fixture)
        var installer = fixture.installer()
        #expect(throws: InstallerError.self) { try installer.install() }
        installer.legacyAdoption = .grdb(identifiers: Self.map)
        let report = try installer.install()
        #expect(report.outcome == .upgraded(from: 0, to: 3), "\(report.outcome)")
        let copy = try SQLiteConnection(path: fixture.destination.path, mode: .readOnly)
        #expect(try Migrator.version(of: copy) == 3)
        #expect(try copy.integer(sql: "SELECT count(*) FROM favorite WHERE note LIKE '%mine'") == 2)
        #expect(try copy.integer(sql: "SELECT count(*) FROM saint") == 2)
    }

    @Test("an applied identifier the map does not name, or a schema that is not the mapped version's, is refused")
    func refusals() throws {
        let fixture = try InstallFixture()
        try Self.grdbCopy(fixture)
        var installer = fixture.installer()
        installer.legacyAdoption = .grdb(identifiers: ["createSaints": 1, "createFavorites": 1])
        #expect(throws: UnknownLegacyMigration(identifier: "seedSaints")) { try installer.install() }
        let before = try fixture.copyBytes()
        installer.legacyAdoption = .grdb(identifiers: ["createSaints": 1, "createFavorites": 1, "seedSaints": 3])
        #expect(throws: InstallerError.self) { try installer.install() }
        #expect(try fixture.copyBytes() == before)
    }

    @Test("a legacy copy whose schema uses the app's collation is compared and adopted with that collation registered")
    func adoptionWithAppCollation() throws {
        let folder = try TemporaryDirectory()
        let unicase: @Sendable (SQLiteConnection) throws -> Void = { connection in
            try connection.createCollation(named: "unicase") {
                $0.lowercased() < $1.lowercased()
                    ? .orderedAscending : $0.lowercased() == $1.lowercased() ? .orderedSame : .orderedDescending
            }
        }
        let migrations = try migrationSet(
            "tags",
            [
                ("0001_create.sql", "CREATE TABLE tag (name TEXT NOT NULL UNIQUE COLLATE unicase);\n"),
                ("0002_note.sql", "ALTER TABLE tag ADD COLUMN note TEXT;\n"),
            ])
        let bundled = folder.url.appendingPathComponent("tags.sqlite")
        var builder = Migrator(migrations: migrations)
        builder.prepareConnection = unicase
        try builder.migrate(fileAt: bundled.path)
        let destination = folder.url.appendingPathComponent("copy.sqlite")
        let legacy = try SQLiteConnection(path: destination.path)
        try unicase(legacy)
        try legacy.execute(
            sql:
                "CREATE TABLE IF NOT EXISTS tag (name TEXT NOT NULL UNIQUE COLLATE unicase); INSERT INTO tag VALUES ('Mine')"
        )
        try legacy.close()
        var installer = DatabaseInstaller(bundled: bundled, destination: destination, migrations: migrations)
        installer.prepareConnection = unicase
        installer.legacyAdoption = LegacyAdoption(ignoredTables: []) { _ in 1 }
        #expect(try installer.install().outcome == .upgraded(from: 0, to: 2))
        let copy = try SQLiteConnection(path: destination.path, mode: .readOnly)
        try unicase(copy)
        #expect(try copy.integer(sql: "SELECT count(*) FROM tag WHERE name = 'Mine'") == 1)
    }
}
