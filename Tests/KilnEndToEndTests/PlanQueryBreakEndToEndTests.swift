import Foundation
import Kiln
import KilnTestSupport
import Testing

/// The `kiln` binary refusing a plan that breaks the app's queries (`queries/shop.sql`) before it writes
/// anything, and writing it with `--allow-query-breaks`.
@Suite("kiln plan and the app's queries, binary")
struct PlanQueryBreakEndToEndTests {
    /// The app's queries: one the rename breaks (its `name` at 4:8), one it leaves alone, one already broken.
    static let queries = """
        -- The shop app's statements.
        SELECT id, price FROM item;
        SELECT id,
               name FROM item WHERE id = ?;
        SELECT colour FROM item;

        """

    /// The shop with `item.name` renamed to `title` in its schema file, its migrations recorded in kiln.sum.
    static func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("queries/shop.sql", queries)
        try project.folder.write(
            "schema/shop.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL);\n")
        #expect(try project.kiln("hash", "shop").status == 0)
        return project
    }

    /// The names and bytes of every file of the project but its queries.
    static func files(_ project: ShopProject) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for folder in ["migrations/shop", "schema"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: project.folder.path(folder)) {
                files["\(folder)/\(name)"] = try project.folder.read("\(folder)/\(name)")
            }
        }
        return files
    }

    @Test(
        "a rename that breaks a query is refused at the query's file:line:column, naming the rename; nothing is written"
    )
    func refused() throws {
        let project = try Self.project()
        let before = try Self.files(project)
        let result = try project.kiln("plan", "shop", "--rename", "item.name=title")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "queries/shop.sql:4:8: error: the planned migration breaks this app query: no such column: name "
                + "(--rename item.name=title renames column \"item\".\"name\" to \"title\")\n"
                + "queries/shop.sql:4:8: note: no file was written: edit the query in queries/shop.sql in the same "
                + "change, so that it prepares on the planned schema, or pass --allow-query-breaks to write the "
                + "migration anyway\n")
        #expect(try Self.files(project) == before)
    }

    @Test("--allow-query-breaks writes and records the migration, warning of the query; kiln check then fails at it")
    func allowed() throws {
        let project = try Self.project()
        let result = try project.kiln("plan", "shop", "--rename", "item.name=title", "--allow-query-breaks")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("migrations/shop/0003_rename_column_item_title.sql\n"))
        #expect(result.standardOutput.contains("  recorded in migrations/shop/kiln.sum\n"))
        #expect(
            result.standardError
                == "queries/shop.sql:4:8: warning: the migration breaks this app query: no such column: name "
                + "(--rename item.name=title renames column \"item\".\"name\" to \"title\")\n"
                + "queries/shop.sql:4:8: note: written anyway (--allow-query-breaks): kiln check fails at the query "
                + "until you edit it\n")
        let migrations = try FileManager.default.contentsOfDirectory(atPath: project.folder.path("migrations/shop"))
        #expect(migrations.contains("0003_rename_column_item_title.sql"))
        let check = try project.kiln("check", "shop")
        #expect(check.status == 1)
        #expect(check.standardError.contains("queries/shop.sql:4:8: error: no such column: name\n"))
    }

    @Test("the query edited in the same change is no break: the plan is written without the flag")
    func editedInTheSameChange() throws {
        let project = try Self.project()
        try project.folder.write(
            "queries/shop.sql", Self.queries.replacingOccurrences(of: "       name FROM", with: "       title FROM"))
        let result = try project.kiln("plan", "shop", "--rename", "item.name=title")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.hasPrefix("migrations/shop/0003_rename_column_item_title.sql\n"))
    }
}
