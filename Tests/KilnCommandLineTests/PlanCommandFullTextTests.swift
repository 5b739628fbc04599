import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Issue 27, item 7: FTS5 tables `kiln plan` must drop and create again (another tokenizer, other columns or
/// options) keep their rows where they can be read back, and say so where they cannot.
@Suite("kiln plan, full-text tables")
struct PlanCommandFullTextTests {
    /// A project whose first migration is `migration` (its rows among it), migrated into `shop.sqlite`, whose
    /// schema file says `schema`.
    static func project(migration: String, schema: String) throws -> ShopProject {
        let project = try ShopProject([("0001_start.sql", migration)])
        try project.folder.write("schema/shop.sql", schema)
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try project.kiln("hash", "shop").status == 0)
        return project
    }

    /// The rows of `sql` in `shop.sqlite`, as text.
    static func rows(_ project: ShopProject, _ sql: String) throws -> [String] {
        let connection = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        return try connection.rows(sql: sql).map { $0.map(\.description).joined(separator: "|") }
    }

    /// The planned migration's text.
    static func planned(_ project: ShopProject) throws -> String {
        let name = try #require(try PlanCommandTests.migrations(project).first { $0.hasPrefix("0002_") })
        return try PlanCommandPlanningTests.migration(project, name)
    }

    static let documents = """
        CREATE VIRTUAL TABLE doc USING fts5(title, body, tokenize='porter unicode61');
        INSERT INTO doc (rowid, title, body) VALUES (3, 'Apples', 'running with apples'), (7, 'Pears', 'a pear');

        """

    @Test("an FTS5 table given another tokenizer keeps every row and rowid, searchable, without --allow-data-loss")
    func tokenizerChange() throws {
        let schema = "CREATE VIRTUAL TABLE doc USING fts5(title, body, tokenize='trigram');\n"
        let project = try Self.project(migration: Self.documents, schema: schema)
        let before = try Self.rows(project, "SELECT rowid, title, body FROM doc ORDER BY rowid")
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        let text = try Self.planned(project)
        #expect(!text.contains("data loss"), "\(text)")
        #expect(
            text.contains(
                "INSERT INTO \"new_doc\" (rowid, \"title\", \"body\") SELECT rowid, \"title\", \"body\" FROM \"doc\""),
            "\(text)")
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try Self.rows(project, "SELECT rowid, title, body FROM doc ORDER BY rowid") == before)
        // Trigram matches inside words, which the porter tokenizer never did.
        #expect(try Self.rows(project, "SELECT rowid FROM doc WHERE doc MATCH 'ppl'") == ["3"])
        // ALTER TABLE … RENAME writes the new name quoted, as for every rebuilt table.
        #expect(
            try Self.rows(project, "SELECT sql FROM sqlite_schema WHERE name = 'doc'") == [
                "CREATE VIRTUAL TABLE \"doc\" USING fts5(title, body, tokenize='trigram')"
            ])
        #expect(try Self.rows(project, "SELECT name FROM sqlite_schema WHERE name LIKE 'new%'").isEmpty)
        _ = try Self.rows(project, "INSERT INTO doc (doc) VALUES ('integrity-check')")
        #expect(try project.kiln("check", "shop").status == 0)
    }

    @Test("a column left out of the new FTS5 table is a data loss of that column; the others are copied")
    func columnDropped() throws {
        let schema = "CREATE VIRTUAL TABLE doc USING fts5(body, tokenize='porter unicode61');\n"
        let project = try Self.project(migration: Self.documents, schema: schema)
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status != 0)
        #expect(
            refused.standardError.contains("column \"doc\".\"title\" is dropped with its values"),
            "\(refused.standardError)")
        #expect(try project.kiln("plan", "shop", "--allow-data-loss").status == 0)
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(
            try Self.rows(project, "SELECT rowid, body FROM doc ORDER BY rowid") == [
                "3|running with apples", "7|a pear",
            ])
    }

    @Test("a contentless FTS5 table cannot be read back: changing it stays a stated loss of its rows")
    func contentless() throws {
        let migration = """
            CREATE VIRTUAL TABLE doc USING fts5(body, content='', tokenize='porter unicode61');
            INSERT INTO doc (rowid, body) VALUES (3, 'running with apples');

            """
        let schema = "CREATE VIRTUAL TABLE doc USING fts5(body, content='', tokenize='trigram');\n"
        let project = try Self.project(migration: migration, schema: schema)
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("contentless"), "\(refused.standardError)")
        #expect(try project.kiln("plan", "shop", "--allow-data-loss").status == 0)
        #expect(try Self.planned(project).contains("contentless"))
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try Self.rows(project, "SELECT rowid FROM doc WHERE doc MATCH 'ppl'").isEmpty)
    }

    static let notes = """
        CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars);
        CREATE VIRTUAL TABLE note_fts USING fts5(body, stars, content='note', content_rowid='id', tokenize='porter unicode61');
        INSERT INTO note (id, body, stars) VALUES (3, 'running with apples', '5'), (7, 'a pear', 4);
        INSERT INTO note_fts (note_fts) VALUES ('rebuild');

        """

    @Test("an external-content FTS5 table given another tokenizer is rebuilt from its content table, no loss")
    func externalContent() throws {
        let schema = """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars);
            CREATE VIRTUAL TABLE note_fts USING fts5(body, stars, content='note', content_rowid='id', tokenize='trigram');

            """
        let project = try Self.project(migration: Self.notes, schema: schema)
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        let text = try Self.planned(project)
        #expect(text.contains("INSERT INTO \"note_fts\" (\"note_fts\") VALUES ('rebuild')"), "\(text)")
        #expect(!text.contains("data loss"), "\(text)")
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(try Self.rows(project, "SELECT rowid FROM note_fts WHERE note_fts MATCH 'ppl'") == ["3"])
        _ = try Self.rows(project, "INSERT INTO note_fts (note_fts) VALUES ('integrity-check')")
    }

    @Test("a rebuilt content table that converts a column its FTS5 index covers has the index rebuilt after it")
    func contentTableConverted() throws {
        let migration = """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars INTEGER) STRICT;
            CREATE VIRTUAL TABLE note_fts USING fts5(body, stars, content='note', content_rowid='id');
            INSERT INTO note (id, body, stars) VALUES (3, 'running with apples', 5), (7, 'a pear', 4);
            INSERT INTO note_fts (note_fts) VALUES ('rebuild');

            """
        // A STRICT INTEGER column that becomes TEXT keeps every value, converted: 5 becomes '5'.
        let schema = """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars TEXT) STRICT;
            CREATE VIRTUAL TABLE note_fts USING fts5(body, stars, content='note', content_rowid='id');

            """
        let project = try Self.project(migration: migration, schema: schema)
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        let text = try Self.planned(project)
        let rebuild = try #require(
            text.range(of: "INSERT INTO \"note_fts\" (\"note_fts\") VALUES ('rebuild')"), "\(text)")
        let copy = try #require(text.range(of: "INSERT INTO \"new_note\""), "\(text)")
        #expect(copy.lowerBound < rebuild.lowerBound)
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        #expect(
            try Self.rows(project, "SELECT rowid, typeof(stars) FROM note_fts ORDER BY rowid") == ["3|text", "7|text"])
        #expect(try Self.rows(project, "SELECT rowid FROM note_fts WHERE note_fts MATCH 'stars:5'") == ["3"])
        _ = try Self.rows(project, "INSERT INTO note_fts (note_fts) VALUES ('integrity-check')")
    }
}
