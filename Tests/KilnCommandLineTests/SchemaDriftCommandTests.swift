import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("status --db and migrate --baseline compare schemas as SQLite sees them")
struct SchemaDriftCommandTests {
    static let migrations: [(String, String)] = [
        (
            "0001_create_note.sql",
            """
            CREATE TABLE person (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE,
                CONSTRAINT name_long CHECK (length(name) > 1),
                CONSTRAINT name_short CHECK (length(name) < 100)
            );
            CREATE TABLE note (
                id INTEGER PRIMARY KEY,
                author_id INTEGER REFERENCES person (id) ON DELETE CASCADE,
                body TEXT NOT NULL DEFAULT '',
                done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1))
            );

            """
        ),
        (
            "0002_index_and_view.sql",
            """
            CREATE INDEX note_open ON note (author_id, body DESC) WHERE done = 0;
            CREATE VIEW open_note AS SELECT id, body FROM note WHERE done = 0;

            """
        ),
        ("0003_add_pinned.sql", "ALTER TABLE note ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;\n"),
    ]

    /// What a dump tool writes for the schema at version 2: every name quoted, lower-case keywords, other white
    /// space, the named constraints in another order.
    static let dump = """
        CREATE TABLE "person" ("id" integer primary key, "name" text not null collate nocase,
          constraint "name_short" check (length("name") < 100), constraint "name_long" check (length("name") > 1));
        CREATE TABLE "note" ("id" integer primary key, "author_id" integer references "person"("id") on delete cascade,
          "body" text not null default '', "done" integer not null default 0 check ("done" in (0,1)));
        create index "note_open" on "note" ("author_id", "body" desc) where "done"=0;
        create view "open_note" as select "id", "body" from "note" where "done" = 0;
        INSERT INTO "person" VALUES (1, 'Ada');
        INSERT INTO "note" VALUES (1, 1, 'kept', 0);
        """

    private func dumpedDatabase(in project: ShopProject, _ sql: String = dump) throws {
        let db = try SQLiteConnection(path: project.folder.path("dumped.sqlite"))
        try db.execute(sql: sql)
        try db.close()
    }

    @Test("a database created from a schema dump is adopted with --baseline and has no drift")
    func dumpIsAdopted() throws {
        let project = try ShopProject(Self.migrations)
        try dumpedDatabase(in: project)
        let adopted = try project.kiln("migrate", "shop", "--db", "dumped.sqlite", "--baseline", "2")
        #expect(adopted.status == 0, "\(adopted.standardError)")
        let status = try project.kiln("status", "--db", "dumped.sqlite")
        #expect(status.status == 0)
        #expect(status.standardOutput.hasSuffix("no drift: the schema matches migrations 1 to 3\n"))
        let db = try SQLiteConnection(path: project.folder.path("dumped.sqlite"))
        #expect(try db.rows(sql: "SELECT body, pinned FROM note") == [[.text("kept"), .integer(0)]])
    }

    @Test("status --db lists each real difference, and --json gives the structured items")
    func structuredDrift() throws {
        let project = try ShopProject(Self.migrations)
        try dumpedDatabase(
            in: project,
            Self.dump.replacingOccurrences(of: "\"body\" text not null", with: "\"body\" blob not null")
                .replacingOccurrences(of: "in (0,1)", with: "in (0,1,2)").replacingOccurrences(
                    of: "create view \"open_note\" as select \"id\", \"body\" from \"note\" where \"done\" = 0;",
                    with: "")
                + "PRAGMA user_version = 2;")
        let text = try project.kiln("status", "--db", "dumped.sqlite")
        #expect(text.status == 1)
        #expect(
            text.standardOutput.hasSuffix(
                """
                drift: the schema differs from migrations 1 to 2:
                  table note: column body: type TEXT → BLOB
                  table note: CHECK: done IN (0, 1) → done IN (0, 1, 2)
                  missing view open_note
                a migration was edited after this file applied it, or the file was changed by hand; a development \
                file can be rebuilt with 'kiln reset shop --db dumped.sqlite'

                """), "\(text.standardOutput)")
        let json = try project.kiln("status", "--db", "dumped.sqlite", "--json")
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        let file = (document["databases"] as! [[String: Any]])[0]["file"] as! [String: Any]
        let drift = file["drift"] as! [[String: Any]]
        #expect(
            drift.map { $0["description"] as? String }
                == text.standardOutput.split(separator: "\n").dropLast().suffix(3).map {
                    String($0.dropFirst(2))
                })
        let detail = try #require(drift.first?["detail"] as? [String: String])
        #expect(
            detail == [
                "subject": "column body", "aspect": "type", "change": "changed", "expected": "TEXT", "found": "BLOB",
            ])
        #expect(drift.map { $0["kind"] as? String } == ["changed", "changed", "missing"])
    }
}
