import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A database another tool made, met by `status` and `migrate` before anyone typed `--adopt`: the way in must be
/// named, not `--baseline N`, and an adoption must not say it migrated from version 0.
@Suite("Another tool's database: status and migrate name --adopt")
struct OtherToolWayInTests {
    /// A notes history and a file diesel made at its first migration.
    private static func project() throws -> ShopProject {
        let project = try ShopProject([
            ("0001_create_note.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n"),
            ("0002_add_body.sql", "ALTER TABLE note ADD COLUMN body TEXT;\n"),
        ])
        let connection = try SQLiteConnection(path: project.folder.url.appendingPathComponent("dev.sqlite").path)
        try connection.execute(
            sql: """
                CREATE TABLE __diesel_schema_migrations (
                    version VARCHAR(50) PRIMARY KEY NOT NULL, run_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
                INSERT INTO __diesel_schema_migrations (version) VALUES ('20240101000000');
                CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                INSERT INTO note (title) VALUES ('kept');
                """)
        try connection.close()
        return project
    }

    @Test("status says which tool made the file and how to adopt it, instead of drift from 'migrations 1 to 0'")
    func status() throws {
        let result = try Self.project().kiln("status", "shop", "--db", "dev.sqlite")
        #expect(result.status == 1)
        #expect(!result.standardOutput.contains("migrations 1 to 0"), "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains(
                "made by diesel: the file holds its tracking table __diesel_schema_migrations and no kiln version; adopt it where it stands with 'kiln migrate shop --db dev.sqlite --adopt'"
            ), "\(result.standardOutput)")
    }

    @Test("status --json says madeBy")
    func statusJSON() throws {
        let result = try Self.project().kiln("status", "shop", "--db", "dev.sqlite", "--json")
        #expect(result.standardOutput.contains(#""madeBy" : "diesel""#), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(#""trackingTable" : "__diesel_schema_migrations""#))
    }

    @Test("a file with tables and no tracking table still hears of --baseline, without 'migrations 1 to 0'")
    func untracked() throws {
        let project = try Self.project()
        let connection = try SQLiteConnection(path: project.folder.url.appendingPathComponent("dev.sqlite").path)
        try connection.execute(sql: "DROP TABLE __diesel_schema_migrations")
        try connection.close()
        let result = try project.kiln("status", "shop", "--db", "dev.sqlite")
        #expect(result.standardOutput.contains("drift: the file has tables but no kiln version (version 0):"))
        #expect(result.standardOutput.contains("adopt it with 'kiln migrate shop --db dev.sqlite --baseline N'"))
    }

    @Test("migrate refuses it naming --adopt and the import, not --baseline")
    func migrate() throws {
        let result = try Self.project().kiln("migrate", "shop", "--db", "dev.sqlite")
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "diesel made it (its tracking table __diesel_schema_migrations is there): adopt it where it stands with '--adopt'"
            ), "\(result.standardError)")
        #expect(!result.standardError.contains("--baseline"))
    }

    @Test("a baselined file migrates from its baseline, not from version 0")
    func fromTheBaseline() throws {
        let project = try Self.project()
        let connection = try SQLiteConnection(path: project.folder.url.appendingPathComponent("dev.sqlite").path)
        try connection.execute(sql: "DROP TABLE __diesel_schema_migrations")
        try connection.close()
        let result = try project.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("shop: dev.sqlite migrated from version 1 to 2 (1 migration)"),
            "\(result.standardOutput)")
    }
}
