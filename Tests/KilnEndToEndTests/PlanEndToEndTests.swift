import Foundation
import Kiln
import KilnTestSupport
import Testing

/// The `kiln` binary planning a migration in a temporary project, then migrating and checking with it: the
/// round trip a developer makes after editing `schema/<database>.sql`.
@Suite("kiln plan, binary")
struct PlanEndToEndTests {
    @Test("plan writes a migration that migrate applies and check passes; planning again finds nothing")
    func planMigrateCheck() throws {
        let project = try ShopProject()
        try project.folder.write(
            "schema/shop.sql",
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, stock INTEGER);
            CREATE TABLE tag (
                id INTEGER PRIMARY KEY,
                item_id INTEGER NOT NULL REFERENCES item (id),
                label TEXT NOT NULL
            );
            CREATE INDEX tag_item ON tag (item_id);

            """)
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try project.kiln("hash", "shop").status == 0)
        let plan = try project.kiln("plan", "shop", "--name", "stock and tags")
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.hasPrefix("migrations/shop/0003_stock_and_tags.sql\n"))
        #expect(plan.standardOutput.hasSuffix("  recorded in migrations/shop/kiln.sum\n  wrote schema/shop.sql\n"))
        let migrate = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrate.status == 0, "\(migrate.standardError)")
        let connection = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        #expect(try connection.rows(sql: "SELECT name, stock FROM item") == [["apple", .null]])
        #expect(try connection.integer(sql: "SELECT count(*) FROM tag") == 0)
        let check = try project.kiln("check")
        #expect(check.status == 0, "\(check.standardError)")
        let again = try project.kiln("plan", "shop")
        #expect(
            again.status == 0 && again.standardOutput == "schema/shop.sql matches the migrations: nothing to plan\n")
    }

    @Test("a schema file with a syntax error: exit 1 at file:line:column, nothing written")
    func syntaxError() throws {
        let project = try ShopProject()
        try project.folder.write("schema/shop.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY name TEXT);\n")
        let folder = project.folder.path("migrations/shop")
        let migrationsBefore = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 1 && result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("schema/shop.sql:1:"))
        #expect(result.standardError.contains(": error: near \"name\": syntax error\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == migrationsBefore)
        #expect(
            String(decoding: try project.folder.read("schema/shop.sql"), as: UTF8.self)
                == "CREATE TABLE item (id INTEGER PRIMARY KEY name TEXT);\n")
    }
}
