import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln plan` when the generated rows break the wanted schema's new constraints (the reviewer's c14, c21 and
/// c10): the rows the migration cannot carry are set aside and said, the plan is proven on the rest and
/// written, and on a device it carries every row that passes and fails loudly, rolled back, on one that breaks.
@Suite("kiln plan, rows set aside")
struct PlanCommandSetAsideTests {
    /// A project whose migration 1 is `initial`, migrated into `good.sqlite` holding `rows` and `bad.sqlite`
    /// holding `rows` and `badRows`, its schema file then edited to `wanted`.
    static func project(initial: String, wanted: String, rows: String, badRows: String) throws -> ShopProject {
        let project = try ShopProject([("0001_init.sql", initial)])
        for (file, data) in [("good.sqlite", rows), ("bad.sqlite", rows + badRows)] {
            #expect(try project.kiln("migrate", "shop", "--db", file).status == 0)
            try SQLiteConnection(path: project.folder.path(file)).execute(sql: data)
        }
        try project.folder.write("schema/shop.sql", wanted)
        return project
    }

    /// The rows of `sql` in `file`, as text.
    static func rows(_ project: ShopProject, _ file: String, _ sql: String) throws -> [String] {
        try SQLiteConnection(path: project.folder.path(file)).rows(sql: sql).map { "\($0)" }
    }

    /// Migrates `good.sqlite` (every row kept, as `query` reads them) and `bad.sqlite` (fails, rolled back).
    static func migrateBoth(_ project: ShopProject, query: String) throws {
        let before = try rows(project, "good.sqlite", query)
        let good = try project.kiln("migrate", "shop", "--db", "good.sqlite")
        #expect(good.status == 0, "\(good.standardError)")
        #expect(try rows(project, "good.sqlite", query) == before)
        let badBefore = try rows(project, "bad.sqlite", query)
        let bad = try project.kiln("migrate", "shop", "--db", "bad.sqlite")
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("migration 2 was rolled back"))
        #expect(try rows(project, "bad.sqlite", query) == badBefore)
    }

    @Test(
        "c14: a new foreign key on an existing column is a risk to allow; allowed, generated rows matching no author are set aside"
    )
    func newForeignKey() throws {
        let project = try Self.project(
            initial: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER, title TEXT);

                """,
            wanted: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author(id), title TEXT);
                CREATE INDEX book_author ON book(author_id);

                """,
            rows: "INSERT INTO author VALUES (1, 'a'), (2, 'b'); INSERT INTO book VALUES (1, 1, 'x'), (2, 2, 'y');",
            badRows: "INSERT INTO book VALUES (3, 77, 'orphan');")
        let refused = try project.kiln("plan", "shop")
        #expect(
            refused.status == 1 && refused.standardError.contains("match no row of \"author\" (the new foreign key)"))
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "generated rows of book set aside: their foreign key matches no row of author\n"))
        #expect(result.standardOutput.contains("kiln check runs it on generated rows too"))
        #expect(!result.standardOutput.contains("not proven on data"))
        let text = String(decoding: try project.folder.read("migrations/shop/0002_change_book.sql"), as: UTF8.self)
        #expect(text.contains("set aside before the proof:\n--   - ") && !text.contains("OR IGNORE"))
        try Self.migrateBoth(project, query: "SELECT * FROM book ORDER BY id")
    }

    @Test("c21: a new UNIQUE index is a risk to allow; allowed, generated duplicates are set aside, the first kept")
    func newUniqueIndex() throws {
        let project = try Self.project(
            initial: "CREATE TABLE account (id INTEGER PRIMARY KEY, handle TEXT NOT NULL);\n",
            wanted: """
                CREATE TABLE account (id INTEGER PRIMARY KEY, handle TEXT NOT NULL);
                CREATE UNIQUE INDEX account_handle ON account(handle);

                """,
            rows: "INSERT INTO account VALUES (1, 'a'), (2, 'b');", badRows: "INSERT INTO account VALUES (3, 'a');")
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status == 1 && refused.standardError.contains("new UNIQUE index \"account_handle\""))
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("of account set aside: UNIQUE constraint failed: account.handle\n"))
        try Self.migrateBoth(project, query: "SELECT * FROM account ORDER BY id")
    }

    @Test("c10: a parent gaining a CHECK needs --allow-data-loss; then rows that pass migrate, rows that break fail")
    func parentGainsCheck() throws {
        let project = try Self.project(
            initial: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);

                """,
            wanted: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT CHECK (name <> ''));
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);

                """,
            rows: "INSERT INTO parent VALUES (1, 'ok'); INSERT INTO child VALUES (1, 1);",
            badRows: "INSERT INTO parent VALUES (2, ''); INSERT INTO child VALUES (2, 2);")
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status == 1)
        #expect(refused.standardError.hasPrefix("schema/shop.sql:1:1: error: "))
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("  ") && $0.hasSuffix(" of parent set aside: CHECK constraint failed: name <> ''")
            })
        #expect(lines.contains { $0.hasSuffix(" of child set aside: they refer to rows of parent set aside") })
        try Self.migrateBoth(project, query: "SELECT * FROM parent, child ORDER BY 1, 3")
        // With a fixture of rows a device can hold, kiln check runs the upgrade on it and passes.
        try project.folder.write(
            "fixtures/shop/1.sql", "INSERT INTO parent VALUES (1, 'ok'); INSERT INTO child VALUES (1, 1);\n")
        #expect(try project.kiln("hash", "shop").status == 0)
        let check = try project.kiln("check", "shop")
        #expect(check.status == 0, "\(check.standardError)")
    }
}
