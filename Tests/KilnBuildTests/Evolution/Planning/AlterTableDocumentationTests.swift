import Kiln
import KilnBuild
import Testing

/// The examples and rules of SQLite's ALTER TABLE documentation (<https://www.sqlite.org/lang_altertable.html>)
/// as tests of the planner.
@Suite("SQLite's ALTER TABLE documentation, as planner tests")
struct AlterTableDocumentationTests {
    static let allowed = SchemaPlanOptions(allowsDataLoss: true)

    /// Section 7, the generalized procedure: steps 4 to 9 are the plan's (create new_X, copy, drop X, rename
    /// new_X to X, then indexes, triggers and views); 1–3 and 10–12 (transaction, foreign keys off and on,
    /// foreign_key_check) are the migrator's, so the plan holds none of them.
    @Test("the 12-step procedure: the plan's steps 4 to 9, in the documented order")
    func twelveSteps() throws {
        let before = """
            CREATE TABLE x (id INTEGER PRIMARY KEY, a TEXT, b INTEGER);
            CREATE INDEX x_a ON x (a);
            CREATE TRIGGER x_touch AFTER UPDATE ON x BEGIN UPDATE x SET b = b + 1 WHERE id = new.id AND 0; END;
            CREATE VIEW x_view AS SELECT a, b FROM x;
            INSERT INTO x VALUES (1, 'one', 1), (2, 'two', 2);
            """
        let after = """
            CREATE TABLE x (id INTEGER PRIMARY KEY, a TEXT NOT NULL DEFAULT '', b INTEGER);
            CREATE INDEX x_a ON x (a);
            CREATE TRIGGER x_touch AFTER UPDATE ON x BEGIN UPDATE x SET b = b + 1 WHERE id = new.id AND 0; END;
            CREATE VIEW x_view AS SELECT a, b FROM x;
            """
        let setup = try PlannerCase(before, after)
        let plan = try setup.apply(Self.allowed)
        let statements = plan.steps.flatMap(\.statements)
        let prefixes = [
            "DROP TRIGGER \"x_touch\"", "DROP VIEW \"x_view\"", "CREATE TABLE \"new_x\"", "INSERT INTO \"new_x\"",
            "DROP TABLE \"x\"", "ALTER TABLE \"new_x\" RENAME TO \"x\"", "CREATE INDEX x_a", "CREATE VIEW x_view",
            "CREATE TRIGGER x_touch",
        ]
        #expect(statements.count == prefixes.count)
        for (statement, prefix) in zip(statements, prefixes) { #expect(statement.hasPrefix(prefix), "\(statement)") }
        let text = plan.migrationText(header: []).uppercased()
        #expect(!text.contains("BEGIN;") && !text.contains("COMMIT") && !text.contains("PRAGMA"))
        #expect(try setup.rows("SELECT * FROM x_view") == ["one|1", "two|2"])
    }

    /// Section 7's caution: renaming X out of the way first (`ALTER TABLE X RENAME TO old_X`) makes the foreign
    /// keys of other tables follow it to old_X, where they dangle once old_X is dropped. The planner never
    /// renames the old table.
    @Test("renaming the old table first makes references follow it; the planner never does")
    func renameWarning() throws {
        let schema = """
            CREATE TABLE x (id INTEGER PRIMARY KEY, a TEXT);
            CREATE TABLE child (id INTEGER PRIMARY KEY, x_id INTEGER REFERENCES x (id));
            """
        let rows = "INSERT INTO x VALUES (1, 'a'); INSERT INTO child VALUES (1, 1);"
        let wrong = try SQLiteConnection(path: ":memory:")
        try wrong.execute(sql: schema + rows + "PRAGMA foreign_keys = OFF;")
        try wrong.execute(
            sql: """
                ALTER TABLE x RENAME TO old_x; CREATE TABLE x (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
                INSERT INTO x (id, a) SELECT id, a FROM old_x; DROP TABLE old_x;
                """)
        #expect(try wrong.rows(sql: "SELECT \"table\" FROM pragma_foreign_key_list('child')") == [[.text("old_x")]])
        #expect(try !wrong.rows(sql: "PRAGMA foreign_key_check").isEmpty)

        let setup = try PlannerCase(
            schema + rows, schema.replacingOccurrences(of: "a TEXT);", with: "a TEXT, b TEXT DEFAULT (upper('x')));"))
        let plan = try setup.apply()
        #expect(!plan.steps.flatMap(\.statements).contains { $0.hasPrefix("ALTER TABLE \"x\" RENAME") })
        #expect(try setup.rows("SELECT \"table\" FROM pragma_foreign_key_list('child')") == ["x"])
    }

    /// Section 2, ALTER TABLE RENAME: the table's triggers and indexes stay attached, and references in
    /// trigger bodies, views and other tables' foreign keys are renamed, so one statement is the whole plan.
    @Test("RENAME TO carries triggers, indexes, views and foreign keys along")
    func renameTable() throws {
        let before = """
            CREATE TABLE x (id INTEGER PRIMARY KEY, a TEXT);
            CREATE TABLE child (x_id INTEGER REFERENCES x (id));
            CREATE INDEX x_a ON x (a);
            CREATE VIEW v AS SELECT a FROM x;
            CREATE TRIGGER t AFTER INSERT ON child BEGIN UPDATE x SET a = 'seen' WHERE id = new.x_id; END;
            """
        let after = """
            CREATE TABLE y (id INTEGER PRIMARY KEY, a TEXT);
            CREATE TABLE child (x_id INTEGER REFERENCES y (id));
            CREATE INDEX x_a ON y (a);
            CREATE VIEW v AS SELECT a FROM y;
            CREATE TRIGGER t AFTER INSERT ON child BEGIN UPDATE y SET a = 'seen' WHERE id = new.x_id; END;
            """
        let plan = try PlannerCase(before, after).apply(SchemaPlanOptions(renames: [.table(from: "x", to: "y")]))
        #expect(plan.steps.map(\.kind) == [.renameTable])
    }

    /// Section 3, RENAME COLUMN: the name changes in the table, and in the indexes, triggers and views that use
    /// it.
    @Test("RENAME COLUMN carries indexes, triggers and views along")
    func renameColumn() throws {
        let before = """
            CREATE TABLE x (id INTEGER PRIMARY KEY, old_name TEXT);
            CREATE INDEX x_name ON x (old_name) WHERE old_name IS NOT NULL;
            CREATE VIEW v AS SELECT old_name FROM x;
            CREATE TRIGGER t AFTER UPDATE OF old_name ON x BEGIN SELECT new.old_name; END;
            """
        let after = before.replacingOccurrences(of: "old_name", with: "new_name")
        let plan = try PlannerCase(before, after).apply(
            SchemaPlanOptions(renames: [.column(table: "x", from: "old_name", to: "new_name")]))
        #expect(plan.steps.map(\.kind) == [.renameColumn])
    }

    /// Section 4, ADD COLUMN: the column may not have a PRIMARY KEY or UNIQUE constraint, a default of
    /// CURRENT_TIME, CURRENT_DATE, CURRENT_TIMESTAMP or an expression in parentheses, NOT NULL without a
    /// non-NULL default, a REFERENCES clause with a non-NULL default (foreign keys on), or be GENERATED ALWAYS
    /// … STORED; a VIRTUAL generated column may be added. Each refused form is a rebuild.
    @Test(
        "ADD COLUMN's restrictions",
        arguments: [
            ("c INTEGER PRIMARY KEY", false), ("c TEXT UNIQUE", false), ("c TEXT DEFAULT CURRENT_TIME", false),
            ("c TEXT DEFAULT CURRENT_DATE", false), ("c TEXT DEFAULT CURRENT_TIMESTAMP", false),
            ("c TEXT DEFAULT (1 + 1)", false), ("c TEXT NOT NULL", false), ("c TEXT NOT NULL DEFAULT NULL", false),
            ("c TEXT NOT NULL DEFAULT 'x'", true), ("c INTEGER REFERENCES x (a) DEFAULT 1", false),
            ("c INTEGER REFERENCES x (a)", true), ("c INTEGER REFERENCES x (a) DEFAULT NULL", true),
            ("c AS (a * 2) STORED", false), ("c AS (a * 2) VIRTUAL", true), ("c TEXT DEFAULT -1", true),
        ])
    func addColumnRestrictions(column: String, addable: Bool) throws {
        let before = "CREATE TABLE x (a INTEGER UNIQUE); INSERT INTO x VALUES (1), (2);"
        let setup = try PlannerCase(before, "CREATE TABLE x (a INTEGER UNIQUE, \(column));")
        let plan = try setup.apply(Self.allowed)
        #expect(plan.steps.map(\.kind) == [addable ? .addColumn : .rebuildTable], "\(column)")
        #expect(try setup.rows("SELECT a FROM x ORDER BY rowid") == ["1", "2"])
    }

    /// Section 6, DROP COLUMN, fails for a column that is indexed, in a PRIMARY KEY or UNIQUE constraint, a
    /// foreign key, a CHECK of the table or a generated column's expression; the rebuild drops it anyway.
    @Test("columns DROP COLUMN refuses are dropped by the rebuild")
    func dropColumn() throws {
        let before = """
            CREATE TABLE x (id INTEGER PRIMARY KEY, a TEXT UNIQUE, b INTEGER, CHECK (b > a));
            CREATE INDEX x_b ON x (b);
            INSERT INTO x VALUES (1, '0', 5);
            """
        let probe = try SQLiteConnection(path: ":memory:")
        try probe.execute(sql: before)
        #expect(throws: SQLiteError.self) { try probe.execute(sql: "ALTER TABLE x DROP COLUMN b") }
        let setup = try PlannerCase(before, "CREATE TABLE x (id INTEGER PRIMARY KEY, a TEXT UNIQUE);")
        let plan = try setup.apply(Self.allowed)
        #expect(plan.steps.map(\.kind) == [.rebuildTable])
        #expect(try setup.rows("SELECT id, a FROM x") == ["1|0"])
    }
}
