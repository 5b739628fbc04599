import Kiln
import Testing

@testable import KilnBuild

/// New constraints judged against what the old schema already enforced (issue 27, item 4): a UNIQUE key an old
/// UNIQUE index, constraint or rowid alias guaranteed, a NOT NULL the column had, a CHECK or foreign key the
/// table had however written, are no risk; a key the old schema did not enforce still is.
@Suite("SchemaPlanner: constraints the old schema enforced")
struct SchemaPlannerGuaranteeTests {
    static let allowed = SchemaPlanOptions(allowsDataLoss: true)
    static let rows = "INSERT INTO a VALUES (1, 'x', 1), (2, 'x', 2), (3, NULL, 1), (4, NULL, 1);"

    @Test("a CREATE UNIQUE INDEX made an inline UNIQUE on the same columns, or back, needs no --allow-data-loss")
    func indexAndInline() throws {
        let index = "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT, n INTEGER); CREATE UNIQUE INDEX a_e ON a (e, n);"
        let inline = "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT, n INTEGER, UNIQUE (n, e));"
        let toInline = try PlannerCase(index + Self.rows, inline)
        #expect(try toInline.apply().risks.isEmpty)
        #expect(try toInline.rows("SELECT count(*) FROM a") == ["4"])
        let toIndex = try PlannerCase(inline + Self.rows, index)
        let plan = try toIndex.apply()
        #expect(plan.risks.isEmpty)
        #expect(plan.steps.map(\.kind) == [.rebuildTable, .createIndex])
        let column = try PlannerCase(
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT COLLATE NOCASE); CREATE UNIQUE INDEX a_e ON a (e);",
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT COLLATE NOCASE UNIQUE);")
        #expect(try column.apply().risks.isEmpty)
    }

    @Test("a key over more columns than an old one, a PRIMARY KEY over a unique column, BINARY for NOCASE")
    func looserKeys() throws {
        let wider = try PlannerCase(
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT UNIQUE, n INTEGER); INSERT INTO a VALUES (1, 'x', 1);",
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT, n INTEGER, UNIQUE (e, n));")
        #expect(try wider.apply().risks.isEmpty)
        let redefined = try PlannerCase(
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT, n INTEGER); CREATE UNIQUE INDEX i ON a (e COLLATE NOCASE);",
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT, n INTEGER); CREATE UNIQUE INDEX i ON a (n, e);")
        #expect(try redefined.apply().risks.isEmpty)
        let primaryKey = try PlannerCase(
            "CREATE TABLE a (k TEXT NOT NULL UNIQUE, v TEXT); INSERT INTO a VALUES ('x', 'y');",
            "CREATE TABLE a (k TEXT NOT NULL PRIMARY KEY, v TEXT) WITHOUT ROWID;")
        #expect(try primaryKey.apply().risks.isEmpty)
        let rowID = try PlannerCase(
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT); INSERT INTO a VALUES (1, 'x'), (2, 'x');",
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT, UNIQUE (e, id));")
        #expect(try rowID.apply().risks.isEmpty)
    }

    @Test("a key the old schema did not enforce is refused: another collation, a partial index, fewer columns")
    func notGuaranteed() throws {
        let cases = [
            ("CREATE UNIQUE INDEX a_e ON a (e);", "e TEXT COLLATE NOCASE UNIQUE, n INTEGER"),
            ("CREATE UNIQUE INDEX a_e ON a (e COLLATE RTRIM);", "e TEXT COLLATE NOCASE UNIQUE, n INTEGER"),
            ("CREATE UNIQUE INDEX a_e ON a (e) WHERE n > 1;", "e TEXT UNIQUE, n INTEGER"),
            ("CREATE UNIQUE INDEX a_e ON a (e, n);", "e TEXT UNIQUE, n INTEGER"),
            ("CREATE TABLE b (e TEXT); CREATE UNIQUE INDEX b_e ON b (e);", "e TEXT UNIQUE, n INTEGER"),
        ]
        for (index, columns) in cases {
            let table = "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT, n INTEGER);"
            let other = index.hasPrefix("CREATE TABLE b") ? "CREATE TABLE b (e TEXT);" : ""
            let setup = try PlannerCase(
                table + index + "INSERT INTO a VALUES (1, 'x', 1), (2, 'X', 1);",
                "CREATE TABLE a (id INTEGER PRIMARY KEY, \(columns));" + other)
            let error = #expect(throws: SchemaPlanError.self, "\(index) → \(columns)") { try setup.plan() }
            guard case .dataLossRefused(let losses)? = error?.reason else { continue }
            #expect(losses.joined().contains("that break UNIQUE (\"e\""), "\(losses)")
        }
        let nocase = try PlannerCase(
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT); CREATE UNIQUE INDEX a_e ON a (e);"
                + "INSERT INTO a VALUES (1, 'x'), (2, 'X');",
            "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT); CREATE UNIQUE INDEX a_e2 ON a (e COLLATE NOCASE);")
        #expect(try nocase.applyFails(Self.allowed)?.message.contains("UNIQUE constraint failed") == true)
    }

    @Test("NOT NULL, CHECK and a foreign key the table had are no risk, however the new table writes them")
    func sameConstraintsRewritten() throws {
        let setup = try PlannerCase(
            """
            CREATE TABLE p (id INTEGER PRIMARY KEY);
            CREATE TABLE c (id INTEGER PRIMARY KEY, v INTEGER NOT NULL CHECK (v > 0), p INTEGER REFERENCES p);
            INSERT INTO p VALUES (1); INSERT INTO c VALUES (1, 5, 1);
            """,
            """
            CREATE TABLE p (id INTEGER PRIMARY KEY);
            CREATE TABLE c (
                id INTEGER PRIMARY KEY, w TEXT, v INTEGER NOT NULL, p INTEGER,
                CHECK (v > 0), FOREIGN KEY (p) REFERENCES p (id)
            );
            """)
        let plan = try setup.apply()
        #expect(plan.steps.map(\.kind) == [.rebuildTable] && plan.risks.isEmpty)
        #expect(try setup.rows("SELECT id, w, v, p FROM c") == ["1|NULL|5|1"])
    }
}
