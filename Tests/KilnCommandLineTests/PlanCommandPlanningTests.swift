import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln plan` writing real plans on the shop project: the developer's edit of `schema/shop.sql`, the
/// migration kiln writes, and what `migrate` and `check` then say about it.
@Suite("kiln plan, planning")
struct PlanCommandPlanningTests {
    /// `item`'s definition in the shop's schema file, to edit.
    static let item = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);\n"

    /// A shop project at version 2 in `shop.sqlite` (with its row `apple`), whose schema file says `schema`.
    static func project(schema: String, hashed: Bool = false) throws -> ShopProject {
        let project = try PlanCommandTests.project(schema: schema)
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        if hashed { #expect(try project.kiln("hash", "shop").status == 0) }
        return project
    }

    /// The text of a migration of the shop.
    static func migration(_ project: ShopProject, _ name: String) throws -> String {
        String(decoding: try project.folder.read("migrations/shop/\(name)"), as: UTF8.self)
    }

    /// The rows of `item` in `shop.sqlite`, as text.
    static func items(_ project: ShopProject, _ columns: String = "id, name") throws -> [String] {
        let connection = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        return try connection.rows(sql: "SELECT \(columns) FROM item ORDER BY id").map { "\($0)" }
    }

    @Test("a column added at the end becomes ADD COLUMN, migrates, keeps the rows, and then nothing is left to plan")
    func addColumn() throws {
        let project = try Self.project(
            schema: Self.item.replacingOccurrences(of: "price REAL", with: "price REAL, stock INTEGER"), hashed: true)
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        let name = "0003_add_column_stock_to_item.sql"
        #expect(result.standardOutput.hasPrefix("migrations/shop/\(name)\n  1 step: add column \"item\".\"stock\"\n"))
        #expect(result.standardOutput.contains("  proven on generated rows ("))
        let text = try Self.migration(project, name)
        #expect(text.hasPrefix("-- Migration 3 of shop: add column stock to item\n"))
        #expect(text.contains("ADD COLUMN"))
        // The schema file was rewritten for version 3, in kiln's layout.
        #expect(result.standardOutput.hasSuffix("  wrote schema/shop.sql\n"))
        let schemaFile = String(decoding: try project.folder.read("schema/shop.sql"), as: UTF8.self)
        #expect(schemaFile.hasPrefix("-- The schema of shop at version 3,"))
        #expect(schemaFile.contains("    stock INTEGER\n"))
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try Self.items(project, "name, stock") == ["[apple, NULL]"])
        let again = try project.kiln("plan", "shop")
        #expect(again.standardOutput == "schema/shop.sql matches the migrations: nothing to plan\n")
        #expect(try project.kiln("check", "shop").status == 0)
    }

    @Test("a change ADD COLUMN cannot make is a rebuild that keeps every row and rowid; --name names the file")
    func rebuild() throws {
        let project = try Self.project(
            schema: Self.item.replacingOccurrences(of: "name TEXT NOT NULL", with: "name TEXT"), hashed: true)
        let result = try project.kiln("plan", "shop", "--name", "Relax item name")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("migrations/shop/0003_relax_item_name.sql\n"))
        let text = try Self.migration(project, "0003_relax_item_name.sql")
        #expect(text.contains("INSERT INTO") && text.contains("DROP TABLE") && text.contains("RENAME TO"))
        let before = try Self.items(project)
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try Self.items(project) == before)
        #expect(try project.kiln("check", "shop").status == 0)
    }

    @Test("a table renamed with --rename is renamed; without it, the drop is refused as data loss, located")
    func renameTable() throws {
        let project = try Self.project(schema: Self.item.replacingOccurrences(of: "TABLE item", with: "TABLE product"))
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status == 1)
        #expect(refused.standardError.hasPrefix("schema/shop.sql:"))
        #expect(refused.standardError.contains("error: this change can lose data: "))
        #expect(try PlanCommandTests.migrations(project) == ShopProject.migrations.map(\.0))
        let result = try project.kiln("plan", "shop", "--rename", "item=product")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("migrations/shop/0003_rename_table_"))
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        let connection = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        #expect(try connection.rows(sql: "SELECT name FROM product") == [["apple"]])
    }

    @Test("a column renamed with --rename table.old=new keeps its values under the new name")
    func renameColumn() throws {
        let project = try Self.project(
            schema: Self.item.replacingOccurrences(of: "price REAL", with: "cost REAL"), hashed: true)
        #expect(try project.kiln("plan", "shop").status == 1)
        let result = try project.kiln("plan", "shop", "--rename", "item.price=cost")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("migrations/shop/0003_rename_column_"))
        #expect(result.standardOutput.hasSuffix("\n  recorded in migrations/shop/kiln.sum\n  wrote schema/shop.sql\n"))
        let name = try #require(result.standardOutput.split(separator: "\n").first).dropFirst("migrations/shop/".count)
        #expect(try Self.migration(project, String(name)).contains("RENAME COLUMN"))
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try project.kiln("check", "shop").status == 0)
    }

    @Test("a plan kiln check would fail (RENAME COLUMN under minimumSQLite 3.24) is refused, and nothing written")
    func failsCheck() throws {
        let project = try Self.project(
            schema: Self.item.replacingOccurrences(of: "price REAL", with: "cost REAL"), hashed: true)
        try project.folder.write("kiln.json", "{\"minimumSQLite\": \"3.24.0\"}\n")
        let result = try project.kiln("plan", "shop", "--rename", "item.price=cost")
        #expect(result.status == 1)
        // Located at the schema file's table, not in the migration that was never written.
        #expect(result.standardError.hasPrefix("schema/shop.sql:2:1: error: the planned migration would fail kiln check"))
        #expect(result.standardError.contains("at `ALTER TABLE"))
        #expect(result.standardError.contains("RENAME COLUMN"))
        #expect(try PlanCommandTests.migrations(project) == (ShopProject.migrations.map(\.0) + ["kiln.sum"]).sorted())
    }

    @Test("a dropped column is refused, at the table's CREATE in the schema file; --allow-data-loss writes it marked")
    func dataLoss() throws {
        let project = try Self.project(
            schema: Self.item.replacingOccurrences(of: ", price REAL", with: ""), hashed: true)
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status == 1)
        #expect(refused.standardError.hasPrefix("schema/shop.sql:2:1: error: this change can lose data: "))
        #expect(refused.standardError.contains("--allow-data-loss"))
        #expect(try PlanCommandTests.migrations(project) == (ShopProject.migrations.map(\.0) + ["kiln.sum"]).sorted())
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\n  allowed by --allow-data-loss: "))
        #expect(result.standardOutput.hasSuffix("\n  recorded in migrations/shop/kiln.sum\n  wrote schema/shop.sql\n"))
        let name = try #require(result.standardOutput.split(separator: "\n").first).dropFirst("migrations/shop/".count)
        #expect(try Self.migration(project, String(name)).contains("-- kiln:allow "))
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try Self.items(project) == ["[1, apple]"])
        let check = try project.kiln("check", "shop")
        #expect(check.status == 0, "\(check.standardError)")
    }

    @Test("--dry-run prints the migration on stdout and the summary on stderr, and writes nothing")
    func dryRun() throws {
        let project = try Self.project(
            schema: Self.item + "CREATE INDEX item_name ON item (name);\n", hashed: true)
        let sum = try project.folder.read("migrations/shop/kiln.sum")
        let result = try project.kiln("plan", "shop", "--dry-run")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("-- Migration 3 of shop: create item_name\n"))
        #expect(result.standardOutput.contains("CREATE INDEX item_name ON item (name);\n"))
        #expect(result.standardError.hasSuffix("nothing was written (--dry-run)\n"))
        #expect(try PlanCommandTests.migrations(project) == (ShopProject.migrations.map(\.0) + ["kiln.sum"]).sorted())
        #expect(try project.folder.read("migrations/shop/kiln.sum") == sum)
    }

    @Test("NOT NULL without a default is written with a placeholder: migrate fails where the summary says, check too")
    func placeholder() throws {
        let project = try Self.project(
            schema: Self.item.replacingOccurrences(of: "price REAL", with: "price REAL NOT NULL"), hashed: true)
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("\n  fill the placeholders, then record the file with 'kiln hash shop'\n"))
        let toFill = try #require(
            result.standardOutput.split(separator: "\n").first { $0.hasPrefix("  to fill: ") })
        let location = String(toFill.dropFirst("  to fill: ".count).prefix { $0 != " " })
        let migrate = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrate.status == 1)
        #expect(migrate.standardError.hasPrefix("\(location) error: no such function: kiln_placeholder\n"))
        let check = try project.kiln("check", "shop")
        #expect(check.status == 1)
        #expect(check.standardError.contains("\(location) error: a placeholder kiln plan left to fill: "))
    }
}
