import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// Plans on a history that needs `kiln.json`'s stand-ins: a `WITHOUT ROWID` table keyed by a custom collation,
/// which SQLite can read only where the collation is registered (its primary key is its only storage).
@Suite("Plans with stand-in collations")
struct PlanStandInTests {
    /// The migrations: `tag` keyed by `unicase` without rowid, `item` a plain table.
    static let history = """
        CREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY, note TEXT) WITHOUT ROWID;
        CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
        INSERT INTO tag VALUES ('Apple', 'a fruit'), ('banana', NULL);

        """

    /// A project whose `app` database has `history`, `unicase` standing in as NOCASE, and `schema` as its
    /// schema file.
    static func project(schema: String) throws -> (TemporaryDirectory, KilnProject) {
        let folder = try TemporaryDirectory()
        try folder.write("kiln.json", #"{ "databases": { "app": { "collations": { "unicase": "NOCASE" } } } }"#)
        try folder.write("migrations/app/0001_create.sql", history)
        try folder.write("schema/app.sql", schema)
        return (folder, try KilnProject(root: folder.url))
    }

    @Test(
        "a stand-in collation on a WITHOUT ROWID primary key plans and proves, every row of the keyed table compared",
        arguments: [
            // A column added to another table: tag is kept as it is, and its rows are compared.
            """
            CREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY, note TEXT) WITHOUT ROWID;
            CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL, stock INTEGER);
            """,
            // A column added to the keyed table itself.
            """
            CREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY, note TEXT, colour TEXT) WITHOUT ROWID;
            CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            """,
            // The keyed table rebuilt: its rows are copied into a new table keyed by the same collation.
            """
            CREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY, note TEXT NOT NULL DEFAULT '') WITHOUT ROWID;
            CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            """,
        ])
    func plansAndProves(schema: String) throws {
        let (folder, project) = try Self.project(schema: schema)
        _ = folder
        let planned = try #require(
            try project.planMigration(for: "app", options: SchemaPlanOptions(allowsDataLoss: true)))
        #expect(planned.verification.dataSets == ["generated rows"])
        // The two rows of the history and the generated ones of tag, plus item's.
        #expect(planned.verification.rowsCompared > 2)
        #expect(planned.verification.tablesNotProvenOnData.isEmpty)
    }

    @Test("rows of the keyed table a new CHECK refuses are found one by one and set aside, the collation registered")
    func setAsideOnKeyedTable() throws {
        let schema = """
            CREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY, note TEXT CHECK (note <> 'a fruit')) WITHOUT ROWID;
            CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            """
        let (folder, project) = try Self.project(schema: schema)
        _ = folder
        let planned = try #require(
            try project.planMigration(for: "app", options: SchemaPlanOptions(allowsDataLoss: true)))
        #expect(
            planned.verification.setAside.contains {
                $0.table == "tag" && $0.reason == "CHECK constraint failed: note <> 'a fruit'"
            })
    }

    @Test("an SQLite error in a statement of kiln's own is located at the table it reads and says what kiln was doing")
    func locatedSQLiteError() throws {
        let schema =
            "-- the schema\nCREATE TABLE item (id INTEGER PRIMARY KEY);\n\nCREATE TABLE tag (name TEXT COLLATE unicase PRIMARY KEY) WITHOUT ROWID;\n"
        let (folder, project) = try Self.project(schema: schema)
        _ = folder
        // The copy the proof made before the fix: no stand-in registered, so SQLite cannot read tag.
        let data = try project.migrator(for: "app").freshDatabase()
        let bare = try SQLiteConnection(path: ":memory:")
        try data.copyDatabase(into: bare)
        let thrown = #expect(throws: PlanSQLiteError.self) {
            try PlanSQLiteError.during(.proving(dataSet: "generated rows")) {
                try bare.rows(sql: "SELECT \"name\" FROM main.\"tag\"")
            }
        }
        let error = try #require(thrown)
        let source = SourceText(path: "schema/app.sql", bytes: Array(schema.utf8))
        let located = SchemaFileObjects(source).locate(error)
        #expect(located.location == SourceLocation(path: "schema/app.sql", line: 4, column: 1))
        let diagnostic = try #require(located.diagnostics.first)
        #expect(
            diagnostic.message
                == "no query solution while proving the plan on a copy of the generated rows "
                + "(in `SELECT \"name\" FROM main.\"tag\"`)")
        #expect(
            diagnostic.hint?.hasPrefix("SQLite found no way to run it: the table it reads is stored in an index")
                == true)
        // With no object to name, the schema file's start.
        let unnamed = SchemaFileObjects(source).locate(PlanSQLiteError(.readingSchemaFile, error.error))
        #expect(unnamed.location == SourceLocation(path: "schema/app.sql", line: 1, column: 1))
        #expect(
            unnamed.diagnostics.first?.message.contains("while reading the schema file into a scratch database") == true
        )
    }
}
