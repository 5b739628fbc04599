import Kiln
import Testing

@testable import KilnBuild

/// Issue 27, item 7: FTS5 tables made again keep what can be read back (``FullTextTable``), and an index over a
/// rebuilt content table is rebuilt when the values it indexed change.
@Suite("SchemaPlanner: full-text tables")
struct SchemaPlannerFullTextTests {
    static let allowed = SchemaPlanOptions(allowsDataLoss: true)

    /// `doc(title, body)` keeping its own copy, with two rows.
    static let documents = """
        CREATE VIRTUAL TABLE doc USING fts5(title, body, tokenize = 'porter unicode61');
        INSERT INTO doc (rowid, title, body) VALUES (3, 'Apples', 'running with apples'), (7, 'Pears', 'a pear');
        """

    @Test("another tokenizer: the rows are copied with their rowids into the new table, no loss")
    func tokenizer() throws {
        let setup = try PlannerCase(
            Self.documents, "CREATE VIRTUAL TABLE doc USING fts5(title, body, tokenize=trigram);")
        let plan = try setup.apply()
        #expect(plan.risks.isEmpty)
        #expect(plan.steps.map(\.kind) == [.rebuildTable])
        #expect(
            plan.steps[0].statements == [
                "CREATE VIRTUAL TABLE \"new_doc\" USING fts5(title, body, tokenize=trigram)",
                "INSERT INTO \"new_doc\" (rowid, \"title\", \"body\") SELECT rowid, \"title\", \"body\" FROM \"doc\"",
                "DROP TABLE \"doc\"", "ALTER TABLE \"new_doc\" RENAME TO \"doc\"",
            ])
        #expect(try setup.rows("SELECT rowid FROM doc WHERE doc MATCH 'ppl'") == ["3"])
        #expect(try setup.rows("SELECT rowid, title FROM doc ORDER BY rowid") == ["3|Apples", "7|Pears"])
        #expect(plan.keptColumns.map(\.column) == ["title", "body"])
    }

    @Test("a new column is NULL in the copied rows; a column left out is a loss of its values")
    func columns() throws {
        let setup = try PlannerCase(Self.documents, "CREATE VIRTUAL TABLE doc USING fts5(body, tags);")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(error.reason == .dataLossRefused(["column \"doc\".\"title\" is dropped with its values"]))
        try setup.apply(Self.allowed)
        #expect(
            try setup.rows("SELECT rowid, body, tags FROM doc ORDER BY rowid") == [
                "3|running with apples|NULL", "7|a pear|NULL",
            ])
    }

    @Test("the shadow tables of the free name must be free too: new_doc_data taken means new_doc_2")
    func freeShadowNames() throws {
        let before = Self.documents + "CREATE TABLE new_doc_data (x);"
        let after = "CREATE VIRTUAL TABLE doc USING fts5(title, body); CREATE TABLE new_doc_data (x);"
        let plan = try PlannerCase(before, after).apply()
        #expect(plan.steps[0].statements[0].hasPrefix("CREATE VIRTUAL TABLE \"new_doc_2\" USING fts5"))
    }

    @Test("made contentless: its rows are indexed, their values a stated loss")
    func toContentless() throws {
        let setup = try PlannerCase(Self.documents, "CREATE VIRTUAL TABLE doc USING fts5(title, body, content='');")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(
            error.reason
                == .dataLossRefused([
                    "column \"doc\".\"title\" is dropped with its values; column \"doc\".\"body\" is dropped with its values"
                ]))
        try setup.apply(Self.allowed)
        #expect(try setup.rows("SELECT rowid, body FROM doc WHERE doc MATCH 'pear'") == ["7|NULL"])
    }

    @Test("a contentless table cannot be read back: made again, its rows are a loss that says why")
    func fromContentless() throws {
        let before =
            "CREATE VIRTUAL TABLE doc USING fts5(body, content=''); INSERT INTO doc (rowid, body) VALUES (1, 'x');"
        let setup = try PlannerCase(before, "CREATE VIRTUAL TABLE doc USING fts5(body, content='', prefix='2');")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(error.reason == .dataLossRefused([PlanRisk.dropsContentlessRows(table: "doc").description]))
        #expect("\(PlanRisk.dropsContentlessRows(table: "doc"))".contains("contentless FTS5 table (content='')"))
        let plan = try setup.apply(Self.allowed)
        #expect(plan.steps.map(\.kind) == [.dropTable, .createTable])
    }

    /// `note` and its external-content index `note_fts`, filled.
    static let notes = """
        CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars INTEGER) STRICT;
        CREATE VIRTUAL TABLE note_fts USING fts5(body, content=note, content_rowid=id);
        INSERT INTO note VALUES (3, 'running with apples', 5), (7, 'a pear', 4);
        INSERT INTO note_fts (note_fts) VALUES ('rebuild');
        """

    @Test("external content made again: dropped, created and rebuilt from its content table, no loss")
    func externalContent() throws {
        let after = """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars INTEGER) STRICT;
            CREATE VIRTUAL TABLE note_fts USING fts5(body, content=note, content_rowid=id, tokenize=trigram);
            """
        let setup = try PlannerCase(Self.notes, after)
        let plan = try setup.apply()
        #expect(plan.risks.isEmpty)
        #expect(plan.steps[0].statements.last == "INSERT INTO \"note_fts\" (\"note_fts\") VALUES ('rebuild')")
        #expect(plan.steps[0].comments.last?.hasPrefix("kiln:allow drop-table -- ") == true)
        #expect(try setup.rows("SELECT rowid FROM note_fts WHERE note_fts MATCH 'ppl'") == ["3"])
    }

    @Test("an index that kept its own copy, made external-content, loses that copy and is filled from its table")
    func ownToExternal() throws {
        let before =
            "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);" + Self.documents
            + "INSERT INTO note VALUES (1, 'kiwi');"
        let after =
            "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); CREATE VIRTUAL TABLE doc USING fts5(body, content=note, content_rowid=id);"
        let setup = try PlannerCase(before, after)
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(error.reason == .dataLossRefused(["table \"doc\" is dropped with its rows"]))
        try setup.apply(Self.allowed)
        #expect(try setup.rows("SELECT rowid FROM doc WHERE doc MATCH 'kiwi'") == ["1"])
    }

    @Test("a new external-content index over a table with rows is filled from it once the tables are rebuilt")
    func newIndexFilled() throws {
        let before =
            "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL); INSERT INTO note VALUES (1, 'kiwi');"
        let after = """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            CREATE VIRTUAL TABLE note_fts USING fts5(body, content=note, content_rowid=id);
            """
        let setup = try PlannerCase(before, after)
        let plan = try setup.apply()
        #expect(plan.steps.map(\.kind) == [.rebuildTable, .createTable])
        #expect(plan.steps[1].statements.count == 2)
        #expect(try setup.rows("SELECT rowid FROM note_fts WHERE note_fts MATCH 'kiwi'") == ["1"])
    }

    @Test("a content table rebuilt with a column its index reads converted: the index is rebuilt, the column converted")
    func convertedContent() throws {
        let notes = Self.notes.replacingOccurrences(of: "fts5(body,", with: "fts5(body, stars,")
        let after = """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars TEXT) STRICT;
            CREATE VIRTUAL TABLE note_fts USING fts5(body, stars, content=note, content_rowid=id);
            """
        let setup = try PlannerCase(notes, after)
        let plan = try setup.apply()
        #expect(plan.steps.map(\.kind) == [.rebuildTable, .rebuildTable])
        #expect(plan.steps[1].name == "note_fts" && plan.steps[1].statements.count == 1)
        #expect(plan.steps[1].comments[0].contains("changes the values of \"stars\""))
        let converted = plan.keptColumns.filter(\.isConverted).map { "\($0.table).\($0.column)" }
        #expect(converted == ["note.stars", "note_fts.stars"])
        #expect(try setup.rows("SELECT rowid FROM note_fts WHERE note_fts MATCH 'stars:5'") == ["3"])
    }

    @Test("a content table whose rebuild renumbers the rowids its index is keyed by has the index rebuilt")
    func renumberedContent() throws {
        let before = """
            CREATE TABLE note (id INT PRIMARY KEY NOT NULL, body TEXT);
            INSERT INTO note VALUES (10, 'kiwi'), (20, 'pear');
            CREATE VIRTUAL TABLE note_fts USING fts5(body, content=note);
            INSERT INTO note_fts (note_fts) VALUES ('rebuild');
            """
        let after = """
            CREATE TABLE note (id INTEGER PRIMARY KEY NOT NULL, body TEXT);
            CREATE VIRTUAL TABLE note_fts USING fts5(body, content=note);
            """
        let setup = try PlannerCase(before, after)
        let plan = try setup.apply(Self.allowed)
        #expect(plan.steps.map(\.name) == ["note", "note_fts"])
        #expect(plan.steps[1].comments[0].contains("gives its rows other rowids"))
        #expect(try setup.rows("SELECT rowid FROM note_fts WHERE note_fts MATCH 'kiwi'") == ["10"])
    }

    @Test("a content table rebuilt keeping every value it indexes leaves the index alone")
    func untouchedContent() throws {
        let after = """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, stars INTEGER NOT NULL DEFAULT 0) STRICT;
            CREATE VIRTUAL TABLE note_fts USING fts5(body, content=note, content_rowid=id);
            """
        let plan = try PlannerCase(Self.notes, after).apply(Self.allowed)
        #expect(plan.steps.map(\.name) == ["note"])
    }
}
