import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// The schema file of `files` (migrations of a database named `test`), with a one-line header.
private func contents(_ files: [(String, String)], doubleQuotedStrings: Bool = false) throws -> SchemaFile.Contents {
    var migrator = Migrator(migrations: try migrationSet("test", files))
    migrator.doubleQuotedStringLiterals = doubleQuotedStrings
    return try SchemaFile.contents(for: "test", migrator: migrator, header: ["generated"], diagram: false)
}

/// The model of `text` loaded as a schema file.
private func model(of text: String, doubleQuotedStrings: Bool = false) throws -> SchemaModel {
    var migrator = Migrator(migrations: try migrationSet("test", [("0001_empty.sql", "-- nothing yet\n")]))
    migrator.doubleQuotedStringLiterals = doubleQuotedStrings
    let source = SourceText(path: "schema/test.sql", bytes: Array(text.utf8))
    return try SchemaModel.read(from: try SchemaFile.load(source, preparedLike: migrator))
}

/// The names each `CREATE …` line of `text` creates, in order.
private func createdNames(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("CREATE") else { return nil }
        let words = line.split(separator: " ")
        let kind = words.firstIndex { ["TABLE", "INDEX", "VIEW", "TRIGGER"].contains($0) } ?? 0
        return String(words[kind + 1].prefix { $0 != "(" })
    }
}

@Suite("The schema file kiln writes")
struct SchemaFileWriterTests {
    @Test("tables come parents first by foreign key, a cycle broken at the first name; then indexes, views, triggers")
    func dependencyOrder() throws {
        let written = try contents([
            (
                "0001_all.sql",
                """
                CREATE TABLE a_line (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES m_order(id), product_id INTEGER REFERENCES z_product(id));
                CREATE TABLE m_order (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES y_customer(id));
                CREATE TABLE y_customer (id INTEGER PRIMARY KEY, referrer_id INTEGER REFERENCES y_customer(id));
                CREATE TABLE z_product (id INTEGER PRIMARY KEY);
                CREATE TABLE q_cycle (id INTEGER PRIMARY KEY, p_id INTEGER REFERENCES p_cycle(id));
                CREATE TABLE p_cycle (id INTEGER PRIMARY KEY, q_id INTEGER REFERENCES q_cycle(id));
                CREATE TABLE r_child (id INTEGER PRIMARY KEY, q_id INTEGER REFERENCES q_cycle(id));
                CREATE TRIGGER a_trigger AFTER INSERT ON a_line BEGIN SELECT 1; END;
                CREATE VIEW a_view AS SELECT * FROM b_view;
                CREATE VIEW b_view AS SELECT id FROM a_line;
                CREATE INDEX z_index ON a_line(order_id);
                CREATE INDEX a_index ON z_product(id);

                """
            )
        ])
        #expect(
            createdNames(written.sql) == [
                "y_customer", "m_order", "z_product", "a_line", "p_cycle", "q_cycle", "r_child", "a_index", "z_index",
                "b_view", "a_view", "a_trigger",
            ], "\(written.sql)")
    }

    @Test("the same schema written by differently formatted migrations gives the same bytes, every time")
    func deterministicAndFormatIndependent() throws {
        let plain = [
            (
                "0001_plain.sql",
                """
                CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL DEFAULT '', pinned INTEGER CHECK (pinned IN (0, 1)));
                CREATE INDEX note_pinned ON note(pinned) WHERE pinned = 1;
                CREATE VIEW pinned_note AS SELECT id, body FROM note WHERE pinned = 1 ORDER BY id;

                """
            )
        ]
        let messy = [
            (
                "0001_messy.sql",
                """
                -- a comment SQLite keeps in sqlite_schema
                create table "note" ( [id]   integer primary key ,
                  `body` text not null default '' /* inline */, pinned integer check(pinned in (0,1)) ) ;
                create index "note_pinned" on note ( pinned ) where pinned=1;
                create view pinned_note as select "id", body from note where pinned = 1 order by id;

                """
            )
        ]
        let first = try contents(plain).sql
        #expect(try contents(plain).sql == first)
        let reformatted = try contents(messy).sql
        #expect(reformatted == first, "\(reformatted)")
        #expect(
            first == """
                -- generated

                CREATE TABLE note (
                    id INTEGER PRIMARY KEY,
                    body TEXT NOT NULL DEFAULT '',
                    pinned INTEGER CHECK (pinned IN (0, 1))
                );

                CREATE INDEX note_pinned ON note(pinned) WHERE pinned = 1;

                CREATE VIEW pinned_note AS
                    SELECT id, body
                    FROM note
                    WHERE pinned = 1
                    ORDER BY id;

                """)
    }

    @Test("names that are keywords, need quotes or are aliases keep their meaning; odd tables read back the same")
    func trickyNamesReadBack() throws {
        let files = [
            (
                "0001_tricky.sql",
                #"""
                CREATE TABLE "order" (key TEXT PRIMARY KEY, "desc" TEXT, [first name] TEXT, "say ""hi""" INTEGER DEFAULT -1,
                  total REAL GENERATED ALWAYS AS (coalesce("desc", 0) + 1) VIRTUAL, FOREIGN KEY (key) REFERENCES Parent(Key)) WITHOUT ROWID;
                CREATE TABLE Parent (Key TEXT PRIMARY KEY, value TEXT NOT NULL COLLATE NOCASE) STRICT;
                CREATE TABLE counter (id INTEGER PRIMARY KEY AUTOINCREMENT, n INTEGER NOT NULL DEFAULT (0) CHECK (n >= -5));
                CREATE VIEW keyed AS SELECT key AS key, "desc" AS Value, [first name] FROM "order";
                CREATE TRIGGER order_touch AFTER UPDATE OF "desc" ON "order" WHEN NEW."desc" IS NOT NULL BEGIN
                  UPDATE counter SET n = n + 1 WHERE id = 1; INSERT INTO counter (n) VALUES (-1);
                END;

                """#
            )
        ]
        let written = try contents(files)
        let migrator = Migrator(migrations: try migrationSet("test", files))
        let scratch = try SQLiteConnection(path: ":memory:")
        try migrator.migrate(scratch)
        #expect(try model(of: written.sql) == (try SchemaModel.read(from: scratch)))
        #expect(written.sql.contains("\n    \"key\" TEXT PRIMARY KEY,\n"), "\(written.sql)")
        #expect(written.sql.contains("\"first name\" TEXT"), "\(written.sql)")
        #expect(written.sql.contains("SELECT \"key\" AS \"key\", \"desc\" AS Value"), "\(written.sql)")
        #expect(written.sql.contains("DEFAULT -1"), "\(written.sql)")
    }

    @Test("when the normalized spelling would rename a view's column, that view is written as stored")
    func fallsBackToStoredSpelling() throws {
        // `key` here is an alias without AS, a column name of the view that upper case would change. (SQLite
        // itself stores `CREATE VIEW` in upper case.)
        let files = [("0001_alias.sql", "create table t (x integer);\ncreate view v as select x key from t;\n")]
        let written = try contents(files)
        #expect(
            written.sql.hasSuffix("CREATE TABLE t (\n    x INTEGER\n);\n\nCREATE VIEW v as select x key from t;\n"),
            "\(written.sql)")
        var migrator = Migrator(migrations: try migrationSet("test", [("0001_empty.sql", "-- nothing yet\n")]))
        migrator.doubleQuotedStringLiterals = false
        let loaded = try SchemaFile.load(
            SourceText(path: "schema/test.sql", bytes: Array(written.sql.utf8)), preparedLike: migrator)
        #expect(try loaded.rows(sql: "SELECT name FROM pragma_table_xinfo('v')") == [[.text("key")]])
    }

    @Test("a virtual table keeps its module arguments; its shadow tables are left to it")
    func virtualTable() throws {
        let files = [("0001_fts.sql", "CREATE VIRTUAL TABLE doc USING fts5(title, body, tokenize = 'porter');\n")]
        let written = try contents(files)
        #expect(written.sql.hasSuffix("CREATE VIRTUAL TABLE doc USING fts5(title, body, tokenize = 'porter');\n"))
        #expect(!written.sql.contains("doc_data"))
    }

    @Test("with double-quoted strings allowed, quoted tokens stay as written")
    func doubleQuotedStrings() throws {
        let files = [("0001_dqs.sql", "CREATE TABLE t (a TEXT DEFAULT \"x\", \"b\" TEXT);\n")]
        let written = try contents(files, doubleQuotedStrings: true)
        #expect(written.sql.contains("a TEXT DEFAULT \"x\",\n    \"b\" TEXT"), "\(written.sql)")
        #expect(try model(of: written.sql, doubleQuotedStrings: true) == written.model)
    }

    @Test("the 64-migration ledger and every repository database read back as the same model")
    func roundTrips() throws {
        let repository = TestFixtures.url("").deletingLastPathComponent().deletingLastPathComponent()
        let projects =
            [(TestFixtures.url("ledger"), "ledger")]
            + ["countries", "vehicles", "santi", "person", "sqlitetest"].map { (repository, $0) }
        for (root, database) in projects {
            let migrator = try KilnProject(root: root).migrator(for: database)
            let written = try SchemaFile.contents(for: database, migrator: migrator, header: [], diagram: false)
            let scratch = try SQLiteConnection(path: ":memory:")
            try migrator.migrate(scratch)
            let source = SourceText(path: "schema/\(database).sql", bytes: Array(written.sql.utf8))
            let readBack = try SchemaModel.read(from: try SchemaFile.load(source, preparedLike: migrator))
            #expect(readBack == (try SchemaModel.read(from: scratch)), "\(database)")
            #expect(!written.model.tables.isEmpty, "\(database)")
        }
    }
}
