import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln migrate, in-process")
struct MigrateCommandTests {
    @Test("migrate prints one line per migration and the summary, and the file is at the newest version")
    func migrate() throws {
        let project = try ShopProject()
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("applied 0001_create_item.sql (") && lines[0].hasSuffix(" ms)"))
        #expect(lines[1].hasPrefix("applied 0002_add_price.sql ("))
        #expect(lines[2] == "shop: shop.sqlite migrated from version 0 to 2 (2 migrations)")
        #expect(result.standardError.isEmpty)
        let db = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        #expect(try Migrator.version(of: db) == 2)

        let again = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(again.standardOutput == "shop: shop.sqlite is at version 2, nothing to apply\n")
    }

    @Test("--root points at a project elsewhere; --db stays relative to the current folder")
    func root() throws {
        let project = try ShopProject()
        let elsewhere = try TemporaryDirectory()
        let result = kiln(
            ["migrate", "shop", "--db", "here.sqlite", "--root", project.folder.url.path], in: elsewhere.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(elsewhere.exists("here.sqlite"))
        #expect(!project.folder.exists("here.sqlite"))
    }

    @Test("a failing migration prints file:line:column, exits 1 and leaves the file byte for byte as before")
    func failingMigration() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let before = try project.folder.read("shop.sqlite")
        try project.folder.write(
            "migrations/shop/0003_broken.sql", "CREATE TABLE tag (name TEXT);\nINSERT INTO tag SELECT nme FROM item;\n")
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                migrations/shop/0003_broken.sql:2:24: error: no such column: nme
                migrations/shop/0003_broken.sql:2:24: note: migration 3 was rolled back; the database stays at version 2

                """)
        #expect(try project.folder.read("shop.sqlite") == before)
    }

    @Test("an invalid migration set is refused before the database is opened")
    func invalidSet() throws {
        let project = try ShopProject()
        try project.folder.write("migrations/shop/0004_skip.sql", "SELECT 1;")
        try project.folder.write("migrations/shop/0003_tx.sql", "BEGIN;\nCREATE TABLE x (a);\nCOMMIT;\n")
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "migrations/shop/0003_tx.sql:1:1: error: migrations may not control transactions (BEGIN)"))
        #expect(
            result.standardError.contains(
                "migrations/shop/0003_tx.sql:3:1: error: migrations may not control transactions (COMMIT)"))
        #expect(!project.folder.exists("shop.sqlite"))
    }

    @Test("--dry-run reports what would be applied and changes nothing")
    func dryRun() throws {
        let project = try ShopProject()
        let fresh = try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--dry-run")
        #expect(fresh.status == 0)
        #expect(fresh.standardOutput.contains("would apply 0001_create_item.sql"))
        #expect(
            fresh.standardOutput.hasSuffix(
                "shop: dry run, shop.sqlite would go from version 0 to 2 (2 migrations); the file was not changed\n"))
        #expect(!project.folder.exists("shop.sqlite"))
        try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--to", "1")
        let before = try project.folder.read("shop.sqlite")
        let partial = try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--dry-run")
        #expect(partial.standardOutput.contains("would apply 0002_add_price.sql"))
        #expect(try project.folder.read("shop.sqlite") == before)
    }

    @Test("a file that is not a database: a dry run's note does not offer to create one, a real run's does")
    func notADatabase() throws {
        let project = try ShopProject()
        try project.folder.write("notes.txt", String(repeating: "not a database\n", count: 100))
        let dry = try project.kiln("migrate", "shop", "--db", "notes.txt", "--dry-run")
        #expect(dry.status == 1)
        #expect(dry.standardError.hasSuffix("kiln: note: point --db at a database file\n"), "\(dry.standardError)")
        let real = try project.kiln("migrate", "shop", "--db", "notes.txt")
        #expect(real.status == 1)
        #expect(
            real.standardError.hasSuffix(
                "kiln: note: point --db at a database file, or at a path where kiln may create one\n"),
            "\(real.standardError)")
    }

    @Test("migrate refuses a newer database and one kiln did not create, without writing")
    func refusals() throws {
        let project = try ShopProject()
        let path = project.folder.path("legacy.sqlite")
        let db = try SQLiteConnection(path: path)
        try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try db.close()
        let before = try project.folder.read("legacy.sqlite")
        let refused = try project.kiln("migrate", "shop", "--db", "legacy.sqlite")
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "kiln: error: the database is at version 0 but already has tables: kiln did not create it\nkiln: note: if its schema is what migrations 1 to N produce, adopt it with '--baseline N'"
            ))
        #expect(try project.folder.read("legacy.sqlite") == before)
        let adopted = try project.kiln("migrate", "shop", "--db", "legacy.sqlite", "--baseline", "1")
        #expect(adopted.status == 0, "\(adopted.standardError)")
        #expect(
            adopted.standardOutput.hasPrefix(
                "baselined legacy.sqlite at version 1: its schema matches migrations 1 to 1\napplied 0002_add_price.sql"
            ))

        let newer = try ShopProject([ShopProject.migrations[0]])
        try FileManager.default.copyItem(atPath: path, toPath: newer.folder.path("legacy.sqlite"))
        let downgrade = try newer.kiln("migrate", "shop", "--db", "legacy.sqlite")
        #expect(downgrade.status == 1)
        #expect(
            downgrade.standardError.hasPrefix(
                "kiln: error: the database is at version 2, but the newest migration of 'shop' is 1"))
    }
}
