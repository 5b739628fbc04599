import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

/// A schema written the way a migration writes it, and the same schema as a dump tool writes it.
enum SchemaModelSamples {
    static let migrated = """
        CREATE TABLE person (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL COLLATE NOCASE,
            CONSTRAINT name_long CHECK (length(name) > 1),
            CONSTRAINT name_short CHECK (length(name) < 100)
        );
        CREATE TABLE note (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            author_id INTEGER REFERENCES person (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
            body TEXT DEFAULT '',
            pinned TEXT,
            done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
            slug TEXT GENERATED ALWAYS AS (lower(body)) VIRTUAL,
            UNIQUE (author_id, body)
        );
        CREATE INDEX note_by_date ON note (done, pinned DESC) WHERE done = 0;
        CREATE INDEX note_lower ON note (lower(body) COLLATE NOCASE);
        CREATE TABLE tag (a TEXT, b TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID, STRICT;
        CREATE VIEW open_note AS SELECT id, body FROM note WHERE done = 0;
        CREATE TRIGGER note_touch AFTER UPDATE ON note BEGIN
            UPDATE person SET name = name WHERE id = new.author_id;
        END;
        """

    /// Quoted names, other case and white space, comments, constraints in another order, redundant parentheses.
    static let dumped = """
        CREATE TABLE "person" ("ID" integer primary key, "name" text not null collate "nocase",
          constraint "name_short" check ((length("name")<100)), constraint "name_long" check (LENGTH(name)>1));
        CREATE TABLE [note] ( -- dumped
          `id` INTEGER PRIMARY KEY AUTOINCREMENT,
          "author_id" INTEGER REFERENCES "Person"("id") on delete cascade deferrable initially deferred,
          "body" TEXT default (''), "pinned" TEXT,
          "done" INTEGER NOT NULL DEFAULT 0 check ("done" in (0,1)),
          "slug" TEXT AS (LOWER("body")) virtual,
          unique ("author_id", "body"));
        create index "note_by_date" on "note" ("done", "pinned" desc) where "done"=0;
        create index IF NOT EXISTS "note_lower" on "note" (lower("body") collate NOCASE);
        create table "tag" ("a" TEXT, "b" TEXT, primary key ("a", "b")) without rowid, strict;
        create view "open_note" as select "id", "body" from "note" where "done" = 0;
        create trigger "note_touch" after update on "note" begin
          update "person" set "name" = "name" where "id" = "new"."author_id";
        end;
        """

    static func model(_ sql: String) throws -> SchemaModel {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: sql)
        return try SchemaModel.read(from: db)
    }

    static func differences(_ found: String) throws -> [String] {
        SchemaDifference.compare(expected: try model(migrated), actual: try model(found)).map(\.description)
    }
}

@Suite("the semantic schema model")
struct SchemaModelTests {
    typealias Samples = SchemaModelSamples

    @Test("a dump with quoted names, other case and white space and another constraint order equals the migration")
    func dumpEqualsMigration() throws {
        let migrated = try Samples.model(Samples.migrated)
        #expect(SchemaDifference.compare(expected: migrated, actual: try Samples.model(Samples.dumped)).isEmpty)
        let note = try #require(migrated.tables.first { $0.name == "note" })
        #expect(note.checks == ["done IN (0, 1)"])
        #expect(note.columns.map(\.name) == ["id", "author_id", "body", "pinned", "done", "slug"])
        #expect(note.columns[5].generatedExpression == "lower(body)" && note.columns[5].hidden == 2)
        #expect(note.foreignKeys.first?.isDeferred == true && note.foreignKeys.first?.onDelete == "CASCADE")
        #expect(note.isAutoincrement && note.uniqueConstraints.count == 1)
        let person = try #require(migrated.tables.first { $0.name == "person" })
        #expect(person.columns[1].collation == "NOCASE")
        let tag = try #require(migrated.tables.first { $0.name == "tag" })
        #expect(tag.isWithoutRowID && tag.isStrict)
        #expect(migrated.indexes.first { $0.name == "note_by_date" }?.condition == "done = 0")
        #expect(migrated.indexes.first { $0.name == "note_lower" }?.terms.first?.expression == "lower(body)")
    }

    @Test("a changed column type is one item naming table, column and both types")
    func typeChange() throws {
        let found = Samples.migrated.replacingOccurrences(of: "pinned TEXT,", with: "pinned INTEGER,")
        #expect(try Samples.differences(found) == ["table note: column pinned: type TEXT → INTEGER"])
    }

    @Test("a missing index is one item")
    func missingIndex() throws {
        let found = Samples.migrated.replacingOccurrences(
            of: "CREATE INDEX note_by_date ON note (done, pinned DESC) WHERE done = 0;", with: "")
        #expect(try Samples.differences(found) == ["missing index note_by_date"])
    }

    @Test("a changed CHECK constraint is one item with both conditions")
    func changedCheck() throws {
        let found = Samples.migrated.replacingOccurrences(of: "done IN (0, 1)", with: "done IN (0, 1, 2)")
        #expect(try Samples.differences(found) == ["table note: CHECK: done IN (0, 1) → done IN (0, 1, 2)"])
    }

    @Test("a changed partial-index condition is one item")
    func changedPartialWhere() throws {
        let found = Samples.migrated.replacingOccurrences(
            of: "WHERE done = 0;\nCREATE INDEX", with: "WHERE done = 1;\nCREATE INDEX")
        #expect(try Samples.differences(found) == ["index note_by_date: WHERE: done = 0 → done = 1"])
    }

    @Test("a changed foreign-key action is one item")
    func changedForeignKeyAction() throws {
        let found = Samples.migrated.replacingOccurrences(of: "ON DELETE CASCADE", with: "ON DELETE SET NULL")
        #expect(try Samples.differences(found) == ["table note: foreign key (author_id): ON DELETE CASCADE → SET NULL"])
    }

    @Test("column order counts")
    func columnOrder() throws {
        let found = Samples.migrated.replacingOccurrences(
            of: "body TEXT DEFAULT '',\n    pinned TEXT,", with: "pinned TEXT,\n    body TEXT DEFAULT '',")
        #expect(
            try Samples.differences(found) == [
                "table note: column order: id, author_id, body, pinned, done, slug → id, author_id, pinned, body, done, slug"
            ])
    }

    @Test("each difference is encodable with its detail")
    func encodable() throws {
        let found = Samples.migrated.replacingOccurrences(of: "pinned TEXT,", with: "pinned INTEGER,")
        let differences = SchemaDifference.compare(
            expected: try Samples.model(Samples.migrated), actual: try Samples.model(found))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(differences), as: UTF8.self)
        #expect(
            json
                == #"[{"description":"table note: column pinned: type TEXT → INTEGER","detail":{"aspect":"type","change":"changed","expected":"TEXT","found":"INTEGER","subject":"column pinned"},"expected":"TEXT","found":"INTEGER","kind":"changed","name":"note","objectType":"table"}]"#
        )
    }

    @Test("tables the caller names, such as another tool's tracking table, are left out with their indexes")
    func ignoredTables() throws {
        let found =
            Samples.migrated + """
                CREATE TABLE __diesel_schema_migrations (version VARCHAR(50) PRIMARY KEY NOT NULL);
                CREATE INDEX tracking_by_version ON __diesel_schema_migrations (version);
                """
        let expected = try Samples.model(Samples.migrated)
        #expect(
            SchemaDifference.compare(expected: expected, actual: try Samples.model(found)).map(\.description) == [
                "extra table __diesel_schema_migrations", "extra index tracking_by_version",
            ])
        #expect(
            SchemaDifference.compare(
                expected: expected, actual: try Samples.model(found), ignoringTables: ["__DIESEL_schema_migrations"]
            ).isEmpty)
    }
}

@Suite("the semantic schema model's edge cases")
struct SchemaModelEdgeTests {
    @Test("WITHOUT ROWID and STRICT are read from the text as well as from pragma_table_list")
    func tableOptionsFromText() throws {
        let text = TableDefinitionText("CREATE TABLE t (a TEXT PRIMARY KEY) without rowid, Strict")
        #expect(text.isWithoutRowID && text.isStrict)
        let model = try SchemaModelSamples.model("CREATE TABLE t (a TEXT PRIMARY KEY) WITHOUT ROWID, STRICT")
        #expect(model.tables.first?.isWithoutRowID == true && model.tables.first?.isStrict == true)
        let changed = try SchemaModelSamples.model("CREATE TABLE t (a TEXT PRIMARY KEY) STRICT")
        #expect(
            SchemaDifference.compare(expected: model, actual: changed).map(\.description) == [
                "table t: WITHOUT ROWID: yes → no"
            ])
    }

    @Test("a keyword used as a name, quoted or not, and a name in another ASCII case are the same")
    func keywordNamesAndCase() throws {
        let bare = try SchemaModelSamples.model("CREATE TABLE t (key TEXT CHECK (key <> ''), Name TEXT)")
        let quoted = try SchemaModelSamples.model(#"CREATE TABLE "T" ("key" TEXT CHECK ("key" <> ''), "name" TEXT)"#)
        #expect(SchemaDifference.compare(expected: bare, actual: quoted).isEmpty)
        let other = try SchemaModelSamples.model("CREATE TABLE t (key TEXT CHECK (key <> 'x'), Name TEXT)")
        #expect(
            SchemaDifference.compare(expected: bare, actual: other).map(\.description) == [
                "table t: CHECK: KEY <> '' → KEY <> 'x'"
            ])
    }

    @Test("non-ASCII names are not folded, and string literals keep their case")
    func unicodeAndLiterals() throws {
        #expect(SchemaText.normalize(#"CHECK ("É" = 'A')"#) != SchemaText.normalize(#"CHECK ("é" = 'A')"#))
        #expect(SchemaText.normalize("x = 'A'") != SchemaText.normalize("x = 'a'"))
        #expect(SchemaText.normalize("((a  +  b))") == "a + b")
    }
}

@Suite("the semantic schema model's details for what pragmas do not expose")
struct SchemaModelDetailTests {
    typealias Samples = SchemaModelSamples

    @Test(
        "a column's collation, a generated column's kind, a key's deferral and a UNIQUE constraint each give one item",
        arguments: [
            (
                "name TEXT NOT NULL COLLATE NOCASE", "name TEXT NOT NULL COLLATE RTRIM",
                "table person: column name: COLLATE NOCASE → RTRIM"
            ),
            (
                "AS (lower(body)) VIRTUAL", "AS (lower(body)) STORED",
                "table note: column slug: generated AS (lower(body)) VIRTUAL → AS (lower(body)) STORED"
            ),
            (
                "ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED", "ON DELETE CASCADE",
                "table note: foreign key (author_id): DEFERRABLE INITIALLY DEFERRED yes → no"
            ),
            (",\n    UNIQUE (author_id, body)", "", "table note: UNIQUE (author_id, body): missing"),
            ("body TEXT DEFAULT ''", "body TEXT DEFAULT 'none'", "table note: column body: DEFAULT '' → 'none'"),
            ("PRIMARY KEY AUTOINCREMENT", "PRIMARY KEY", "table note: AUTOINCREMENT: yes → no"),
        ])
    func oneItem(replacing: String, with replacement: String, expected: String) throws {
        let found = Samples.migrated.replacingOccurrences(of: replacing, with: replacement)
        #expect(found != Samples.migrated)
        #expect(try Samples.differences(found) == [expected])
    }

    @Test("a changed view is one item with both definitions")
    func changedView() throws {
        let found = Samples.migrated.replacingOccurrences(of: "SELECT id, body FROM", with: "SELECT id FROM")
        #expect(
            try Samples.differences(found) == [
                "view open_note differs: expected `CREATE VIEW open_note AS SELECT id, body FROM note WHERE done = 0`, found `CREATE VIEW open_note AS SELECT id FROM note WHERE done = 0`"
            ])
    }
}

/// `REFERENCES parent` means the parent's primary key, as SQLite reads it.
@Suite struct ImplicitParentKeyTests {
    @Test func implicitParentColumnsEqualExplicitOnes() throws {
        let implicit = try SchemaModelSamples.model(
            """
            CREATE TABLE p (a TEXT, b INTEGER, PRIMARY KEY (b, a));
            CREATE TABLE c (x INTEGER, y TEXT, FOREIGN KEY (x, y) REFERENCES p);
            CREATE TABLE d (p_id INTEGER REFERENCES "P");
            """)
        let explicit = try SchemaModelSamples.model(
            """
            CREATE TABLE p (a TEXT, b INTEGER, PRIMARY KEY (b, a));
            CREATE TABLE c (x INTEGER, y TEXT, FOREIGN KEY (x, y) REFERENCES p (b, a));
            CREATE TABLE d (p_id INTEGER REFERENCES "P");
            """)
        #expect(SchemaDifference.compare(expected: explicit, actual: implicit).isEmpty)
        #expect(implicit.tables.first { $0.name == "c" }?.foreignKeys.first?.parentColumns == ["b", "a"])
        // A one-column key cannot point at a two-column primary key: nothing is filled in.
        #expect(implicit.tables.first { $0.name == "d" }?.foreignKeys.first?.parentColumns == [])
    }

    @Test func implicitKeyDiffersFromAnotherColumn() throws {
        let implicit = try SchemaModelSamples.model(
            "CREATE TABLE p (id INTEGER PRIMARY KEY, code TEXT UNIQUE); CREATE TABLE c (p_id REFERENCES p);")
        let other = try SchemaModelSamples.model(
            "CREATE TABLE p (id INTEGER PRIMARY KEY, code TEXT UNIQUE); CREATE TABLE c (p_id REFERENCES p (code));")
        let differences = SchemaDifference.compare(expected: implicit, actual: other)
        #expect(differences.map(\.description).joined().contains("code"))
    }
}
