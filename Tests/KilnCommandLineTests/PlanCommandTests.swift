import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln plan` in-process on the shop project (`item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL)`
/// at version 2): the developer edits `schema/shop.sql`, kiln writes migration 3.
@Suite("kiln plan, in-process")
struct PlanCommandTests {
    /// The shop's schema at version 2, as the schema file holds it.
    static let schema = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);\n"

    /// A shop project whose schema file says `schema`.
    static func project(schema: String = PlanCommandTests.schema) throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("schema/shop.sql", "-- The shop's schema.\n" + schema)
        return project
    }

    /// The files under `migrations/shop`, sorted.
    static func migrations(_ project: ShopProject) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: project.folder.path("migrations/shop")).sorted()
    }

    @Test("an unchanged schema file plans nothing, writes nothing and exits 0")
    func unchanged() throws {
        let project = try Self.project()
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "schema/shop.sql matches the migrations: nothing to plan\n")
        #expect(result.standardError.isEmpty)
        #expect(try Self.migrations(project) == ShopProject.migrations.map(\.0))
    }

    @Test("a missing schema file is an error saying how to write it; nothing is written")
    func missingSchemaFile() throws {
        let project = try ShopProject()
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: schema/shop.sql does not exist: kiln plan compares it with the migrations\n"
                + "kiln: note: write it with 'kiln schema shop --write', edit it to the schema you want, then plan\n")
        #expect(try Self.migrations(project) == ShopProject.migrations.map(\.0))
    }

    @Test("a syntax error in the schema file is located at its file:line:column; nothing is written")
    func syntaxError() throws {
        let project = try Self.project(schema: Self.schema + "CREATE TABLE tag (id INTEGER PRIMARY KEY,, name TEXT);\n")
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("schema/shop.sql:3:42: error: near \",\": syntax error\n"))
        #expect(try Self.migrations(project) == ShopProject.migrations.map(\.0))
    }

    @Test("--rename takes old=new or table.old=new; anything else is a usage error")
    func renameUsage() throws {
        let project = try Self.project()
        let result = try project.kiln("plan", "shop", "--rename", "item")
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "kiln plan: error: '--rename' takes old=new for a table or table.old=new for a column, not 'item'\n"))
    }

    @Test("a placeholder left in a migration fails migrate at its line:column with what it is, and check names it")
    func placeholderFailsMigrateAndCheck() throws {
        let project = try Self.project()
        try project.folder.write(
            "migrations/shop/0003_price_in_cents.sql",
            """
            -- kiln_placeholder('in a comment') is no call.
            UPDATE item SET price =
                kiln_placeholder('convert "price" to cents');

            """)
        let migrate = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrate.status == 1)
        #expect(
            migrate.standardError.hasPrefix(
                "migrations/shop/0003_price_in_cents.sql:3:5: error: no such function: kiln_placeholder\n"
                    + "migrations/shop/0003_price_in_cents.sql:3:5: note: this is a placeholder left to fill (kiln plan "))
        let check = try project.kiln("check", "shop")
        #expect(check.status == 1)
        #expect(
            check.standardError.contains(
                "migrations/shop/0003_price_in_cents.sql:3:5: error: a placeholder kiln plan left to fill: "
                    + "convert \"price\" to cents\n"))
        #expect(!check.standardError.contains("in a comment"))
    }
}

@Suite("kiln plan, when a step after publishing fails")
struct PlanCommandAfterPublishingTests {
    @Test(
        "an unwritable schema/ after the migration is written: exit 1 saying what was written and what to run",
        .enabled(if: FileManager.default.isExecutableFile(atPath: NewCommandFailureTests.chattr)))
    func schemaFolderImmutable() throws {
        let project = try PlanCommandTests.project(
            schema: PlanCommandTests.schema.replacingOccurrences(of: "price REAL", with: "price REAL, stock INTEGER"))
        let folder = project.folder.path("schema")
        try NewCommandFailureTests.chattr("+i", folder)
        defer { try? NewCommandFailureTests.chattr("-i", folder) }
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("migrations/shop/0003_add_column_stock_to_item.sql\n"))
        #expect(
            result.standardError.hasPrefix(
                "kiln: error: wrote migrations/shop/0003_add_column_stock_to_item.sql, but could not rewrite "
                    + "schema/shop.sql: "))
        #expect(
            result.standardError.hasSuffix(
                "kiln: note: the migration is in place; run 'kiln schema shop --write' once that is fixed\n"))
        #expect(try PlanCommandTests.migrations(project).contains("0003_add_column_stock_to_item.sql"))
    }
}
