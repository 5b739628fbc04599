import Foundation
import Kiln
import KilnTestSupport
import Testing

/// What `kiln plan` says, word for word, where a newcomer must act on it: the advice of a refusal, each warning
/// said once, and the steps named for people.
@Suite("kiln plan, its words")
struct PlanCommandWordingTests {
    /// The shop's `item` as the schema file says it, with `columns` after `id`.
    static func schema(_ columns: String) -> String {
        "CREATE TABLE item (id INTEGER PRIMARY KEY, \(columns));\n"
    }

    @Test("a new NOT NULL column with a CHECK and no DEFAULT: the refusal suggests a DEFAULT, not a rename")
    func suggestsDefault() throws {
        let project = try PlanCommandTests.project(
            schema: Self.schema("name TEXT NOT NULL, price REAL, qty INTEGER NOT NULL CHECK (qty > 0)"))
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "schema/shop.sql:2:1: error: this change can lose data: rows of \"item\" that break CHECK "
                + "(qty > 0) make this migration fail and roll back, so clean them in this migration before the copy "
                + "if they can exist\n"
                + "schema/shop.sql:2:1: note: give \"item\".\"qty\" a DEFAULT that its CHECK accepts (NOT NULL "
                + "DEFAULT <value> CHECK (…)): existing rows then get that value, so none can break the CHECK, and "
                + "there is no placeholder to fill; or pass --allow-data-loss to write it anyway; a step that "
                + "existing rows can break then makes the migration fail and roll back on them\n")
        #expect(try PlanCommandTests.migrations(project) == ShopProject.migrations.map(\.0))
        // Taking the advice plans an ADD COLUMN, with no flag.
        try project.folder.write(
            "schema/shop.sql",
            Self.schema("name TEXT NOT NULL, price REAL, qty INTEGER NOT NULL DEFAULT 1 CHECK (qty > 0)"))
        let advised = try project.kiln("plan", "shop", "--dry-run")
        #expect(advised.status == 0, "\(advised.standardError)")
        #expect(advised.standardError.hasPrefix("1 step: add column \"item\".\"qty\"\n"))
    }

    @Test("a rename is suggested only where a step drops something; a CHECK on a kept column suggests the flag")
    func renameOnlyForDrops() throws {
        let dropped = try PlanCommandTests.project(schema: Self.schema("name TEXT NOT NULL"))
        #expect(
            try dropped.kiln("plan", "shop").standardError.hasSuffix(
                "schema/shop.sql:2:1: note: name renames with --rename, or pass --allow-data-loss to write it "
                    + "anyway; a step that existing rows can break then makes the migration fail and roll back on "
                    + "them\n"))
        let checked = try PlanCommandTests.project(
            schema: Self.schema("name TEXT NOT NULL CHECK (length(name) > 1), price REAL"))
        #expect(
            try checked.kiln("plan", "shop").standardError.hasSuffix(
                "schema/shop.sql:2:1: note: pass --allow-data-loss to write it anyway; a step that existing rows "
                    + "can break then makes the migration fail and roll back on them\n"))
    }

    @Test(
        "with --allow-data-loss, rows that break a new CHECK are warned of once: the risk says fail, roll back, clean")
    func eachWarningOnce() throws {
        let project = try PlanCommandTests.project(
            schema: Self.schema("name TEXT NOT NULL, price REAL, qty INTEGER NOT NULL CHECK (qty > 0)"))
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                migrations/shop/0003_change_item.sql
                  1 step: rebuild table "item"
                  proven on generated rows (0 rows compared)
                  10 generated rows of item set aside: CHECK constraint failed: qty > 0
                  not proven on data for table item: every row of it the data sets held breaks its new constraints
                  kiln check runs it on generated rows too and fails the same way until fixtures/shop/2.sql holds rows a device can hold
                  allowed by --allow-data-loss: rows of "item" that break CHECK (qty > 0) make this migration fail and roll back, so clean them in this migration before the copy if they can exist
                  to fill: migrations/shop/0003_change_item.sql:23:85: a value for "qty" in existing rows

                """)
        let file = String(decoding: try project.folder.read("migrations/shop/0003_change_item.sql"), as: UTF8.self)
        // The header is the comment block before the first blank line; each step's own comment follows it.
        let header = file.components(separatedBy: "\n\n")[0]
        #expect(header.components(separatedBy: "fail and roll back").count == 2, "\(header)")
        #expect(!header.contains("Clean such rows here"))
        #expect(
            header.contains(
                "-- Rows the data sets held that this migration cannot carry, set aside before the proof:\n"))
    }

    @Test("steps are named for people in the summary and the file's header, not by kiln's internal names")
    func stepWords() throws {
        let project = try PlanCommandTests.project(schema: Self.schema("title TEXT NOT NULL"))
        let result = try project.kiln("plan", "shop", "--rename", "item.name=title", "--allow-data-loss", "--dry-run")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix(
                "2 steps: rename column \"item\".\"name\" to \"title\", rebuild table \"item\"\n"))
        #expect(
            result.standardOutput.contains(
                "\n-- Steps: rename column \"item\".\"name\" to \"title\", rebuild table \"item\".\n"))
        #expect(!result.standardOutput.contains("renameColumn") && !result.standardError.contains("rebuildTable"))
    }
}
