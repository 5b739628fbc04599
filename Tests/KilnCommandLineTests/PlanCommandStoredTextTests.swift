import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Issue 27, item 6: what `kiln plan` copies from the schema file into the SQL every device stores. The comments
/// the developer wrote inside a statement stay in the migration file, above the statement, and never reach
/// `sqlite_schema`.
@Suite("kiln plan, the text devices store")
struct PlanCommandStoredTextTests {
    /// The shop at version 2 in `shop.sqlite` whose schema file relaxes `item.name` (a rebuild) with comments
    /// inside every statement it plans, a string that holds `--` and `/*` among them.
    static let commentedSchema = """
        -- The items (a comment above the statement, not stored by SQLite).
        CREATE TABLE item (
            id INTEGER PRIMARY KEY, -- the rowid
            /* relaxed: a name may be unknown */
            name TEXT DEFAULT 'no -- comment /* here */',
            price/* in euros */REAL
        );
        CREATE INDEX item_price ON item (price -- for the price list
        );
        CREATE VIEW priced AS SELECT id, /* the cost */ price AS cost FROM item -- only priced ones
            WHERE price IS NOT NULL;
        CREATE TRIGGER item_named AFTER INSERT ON item BEGIN
            -- every new item gets a name
            UPDATE item SET name = 'unnamed' WHERE id = new.id AND name IS NULL;
        END;

        """

    /// The words of the comments inside ``commentedSchema``'s statements.
    static let commentWords = [
        "the rowid", "relaxed: a name may be unknown", "in euros", "for the price list", "the cost",
        "only priced ones", "every new item gets a name",
    ]

    @Test("a rebuild stores no comment of the schema file; the migration keeps each above its statement")
    func commentsStayInTheMigration() throws {
        let project = try PlanCommandPlanningTests.project(schema: Self.commentedSchema)
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        let name = try #require(try PlanCommandTests.migrations(project).first { $0.hasPrefix("0003_") })
        let text = try PlanCommandPlanningTests.migration(project, name)
        for words in Self.commentWords {
            #expect(text.contains("-- schema file comment: \(words)\n"), "\(words): \(text)")
        }
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        let connection = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        let stored = try connection.rows(sql: "SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL").map {
            ("\($0[0])", "\($0[1])")
        }
        #expect(Set(stored.map(\.0)) == ["item", "item_price", "priced", "item_named"])
        for (object, sql) in stored {
            for words in Self.commentWords { #expect(!sql.contains(words), "\(object): \(sql)") }
        }
        let item = try #require(stored.first { $0.0 == "item" }?.1)
        // The string is data: its `--` and `/*` are kept; the tokens a comment separated stay apart.
        #expect(item.contains("DEFAULT 'no -- comment /* here */'") && item.contains("price REAL"), "\(item)")
        #expect(try PlanCommandPlanningTests.items(project, "name, price") == ["[apple, NULL]"])
        try connection.execute(sql: "INSERT INTO item (name, price) VALUES (NULL, 2.5)")
        #expect(try connection.rows(sql: "SELECT name, cost FROM item JOIN priced USING (id)") == [["unnamed", 2.5]])
        let again = try project.kiln("plan", "shop")
        #expect(again.standardOutput == "schema/shop.sql matches the migrations: nothing to plan\n")
    }

    @Test("comments alone are no change: a schema file that only gains comments plans nothing")
    func commentsAloneAreNoChange() throws {
        let schema = """
            CREATE TABLE item (
                id INTEGER PRIMARY KEY, -- the rowid
                name TEXT NOT NULL /* required */,
                price REAL
            );

            """
        let project = try PlanCommandPlanningTests.project(schema: schema)
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "schema/shop.sql matches the migrations: nothing to plan\n")
    }

    @Test("a comment SQLite reads as part of a name stays: a view's unaliased column is named by its text")
    func commentsThatNameStay() throws {
        let schema =
            PlanCommandPlanningTests.item + "CREATE VIEW doubled AS SELECT id, price /* twice */ * 2 FROM item;\n"
        let project = try PlanCommandPlanningTests.project(schema: schema)
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        let connection = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        let columns = try connection.rows(sql: "SELECT name FROM pragma_table_xinfo('doubled')").map(\.[0])
        #expect(columns == [.text("id"), .text("price /* twice */ * 2")])
    }
}
