import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln plan` in-process on a history `migrate` and `check` run only with `kiln.json`'s stand-in collation:
/// a `WITHOUT ROWID` table keyed by it.
@Suite("kiln plan with a stand-in collation, in-process")
struct PlanCommandStandInTests {
    @Test("a WITHOUT ROWID table keyed by a stand-in collation: plan writes, migrate applies, check passes")
    func plansMigratesChecks() throws {
        let project = try ShopProject([
            (
                "0001_tag.sql",
                "CREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY, note TEXT) WITHOUT ROWID;\n"
                    + "INSERT INTO tag VALUES ('Apple', 'a fruit');\n"
            )
        ])
        try project.folder.write(
            "kiln.json", #"{ "databases": { "shop": { "collations": { "unicase": "NOCASE" } } } }"#)
        try project.folder.write(
            "schema/shop.sql",
            "CREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY, note TEXT, colour TEXT) WITHOUT ROWID;\n")
        #expect(try project.kiln("hash", "shop").status == 0)
        let plan = try project.kiln("plan", "shop")
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.hasPrefix("migrations/shop/0002_add_column_colour_to_tag.sql\n"))
        #expect(!plan.standardError.contains("no query solution"))
        let migrate = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrate.status == 0, "\(migrate.standardError)")
        let check = try project.kiln("check", "shop")
        #expect(check.status == 0, "\(check.standardError)")
    }
}
