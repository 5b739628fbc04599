import Kiln
import Testing

@testable import KilnBuild

@Suite("SchemaPlanner: the review's cases (new columns' CHECKs, stricter uniqueness, the rowid, swapped renames)")
struct SchemaPlannerReviewTests {
    static let allowed = SchemaPlanOptions(allowsDataLoss: true)

    @Test("a new column's CHECK that its NULL default passes rides along ADD COLUMN, without data loss")
    func newColumnCheckWithNullDefault() throws {
        let before = "CREATE TABLE doc (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO doc VALUES (1, 'a'), (2, 'b');"
        let planner = try PlannerCase(
            before,
            "CREATE TABLE doc (id INTEGER PRIMARY KEY, title TEXT, meta TEXT CHECK (meta IS NULL OR json_valid(meta)));"
        )
        let plan = try planner.apply()
        #expect(plan.steps.map(\.kind) == [.addColumn] && plan.dataLosses.isEmpty)
        #expect(
            plan.steps[0].statements == [
                "ALTER TABLE \"doc\" ADD COLUMN meta TEXT CHECK (meta IS NULL OR json_valid(meta))"
            ])
        #expect(try planner.rows("SELECT id, title, meta FROM doc") == ["1|a|NULL", "2|b|NULL"])
        // The review's CHECK (json_valid(meta)): whether NULL passes is SQLite's answer (before 3.45,
        // json_valid(NULL) is 0, so every row, old or new, without meta would fail it).
        let bare = try PlannerCase(
            before, "CREATE TABLE doc (id INTEGER PRIMARY KEY, title TEXT, meta TEXT CHECK (json_valid(meta)));")
        if try bare.wanted.rows(sql: "SELECT json_valid(NULL) = 0").first?.first == .integer(1) {
            let error = try #require(throws: SchemaPlanError.self) { try bare.plan(Self.allowed) }
            guard case .unsupported(_, let reason) = error.reason else { throw error }
            #expect(reason.contains("(\"meta\" = NULL)"))
        } else {
            #expect(try bare.apply().steps.map(\.kind) == [.addColumn])
        }
    }

    @Test("a NOT NULL column with a DEFAULT that passes its new CHECK is added, and the rows hold the default")
    func newColumnCheckWithDefault() throws {
        let planner = try PlannerCase(
            "CREATE TABLE project (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO project VALUES (1, 'kiln');",
            """
            CREATE TABLE project (id INTEGER PRIMARY KEY, name TEXT,
                status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')));
            """)
        let plan = try planner.apply()
        #expect(plan.steps.map(\.kind) == [.addColumn] && plan.dataLosses.isEmpty)
        #expect(try planner.rows("SELECT id, name, status FROM project") == ["1|kiln|active"])
    }

    @Test("a rebuild adding a column whose CHECK its default passes loses nothing")
    func newColumnCheckInRebuild() throws {
        let planner = try PlannerCase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); INSERT INTO t VALUES (1, 'x');",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT NOT NULL, n INTEGER DEFAULT 3, CHECK (n BETWEEN 1 AND 5));")
        let error = try #require(throws: SchemaPlanError.self) { try planner.plan() }
        // Only NOT NULL on "a" is refused: the CHECK reads only the new column, whose default passes it.
        guard case .dataLossRefused(let losses) = error.reason else { throw error }
        #expect(losses.count == 1 && losses[0].contains("becomes NOT NULL"))
        let plan = try planner.plan(Self.allowed)
        #expect(plan.steps.map(\.kind) == [.rebuildTable])
        #expect(!plan.dataLosses.joined().contains("CHECK"))
    }

    @Test("a new column's CHECK that its default fails is refused even with --allow-data-loss, with a hint")
    func newColumnCheckFailing() throws {
        let planner = try PlannerCase(
            "CREATE TABLE project (id INTEGER PRIMARY KEY);",
            "CREATE TABLE project (id INTEGER PRIMARY KEY, status TEXT DEFAULT 'gone' CHECK (status IN ('active')));")
        let error = try #require(throws: SchemaPlanError.self) { try planner.plan(Self.allowed) }
        guard case .unsupported(let object, let reason) = error.reason else { throw error }
        #expect(object == "project")
        #expect(
            reason.contains("(\"status\" = 'gone')") && reason.contains("give the new column a DEFAULT that passes"))
        // Typed as SQLite stores it: '5' in an INTEGER column is the integer 5.
        let typed = try PlannerCase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY);",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER DEFAULT '5' CHECK (typeof(n) = 'integer'));")
        #expect(try typed.apply().steps.map(\.kind) == [.addColumn])
    }

    @Test("a CHECK that reads an existing column stays a new constraint")
    func checkOnExistingColumn() throws {
        let planner = try PlannerCase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER);",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER DEFAULT 1 CHECK (b <= a));")
        #expect(throws: SchemaPlanError.self) { try planner.plan() }
        #expect(try planner.plan(Self.allowed).steps.map(\.kind) == [.rebuildTable])
    }

    @Test("a column turning COLLATE NOCASE under an unchanged UNIQUE index is gated; duplicates fail the migration")
    func collationUnderUniqueIndex() throws {
        let before = """
            CREATE TABLE member (id INTEGER PRIMARY KEY, email TEXT NOT NULL);
            CREATE UNIQUE INDEX member_email ON member (email);
            INSERT INTO member VALUES (1, 'a@x'), (2, 'A@x');
            """
        let after = """
            CREATE TABLE member (id INTEGER PRIMARY KEY, email TEXT NOT NULL COLLATE NOCASE);
            CREATE UNIQUE INDEX member_email ON member (email);
            """
        let planner = try PlannerCase(before, after)
        let error = try #require(throws: SchemaPlanError.self) { try planner.plan() }
        guard case .dataLossRefused(let losses) = error.reason else { throw error }
        #expect(
            losses == [
                PlannerCase.failure(
                    "rows of \"member\" that repeat a key of index \"member_email\" whose key now compares with COLLATE NOCASE"
                )
            ])
        #expect(try planner.applyFails(Self.allowed)?.message.contains("UNIQUE constraint failed") == true)
        let clean = try PlannerCase(before.replacingOccurrences(of: "'A@x'", with: "'b@x'"), after)
        try clean.apply(Self.allowed)
        #expect(try clean.rows("SELECT id, email FROM member ORDER BY id") == ["1|a@x", "2|b@x"])
    }

    @Test("a column turning COLLATE NOCASE under its UNIQUE constraint is gated like a new UNIQUE")
    func collationUnderUniqueConstraint() throws {
        let planner = try PlannerCase(
            "CREATE TABLE member (email TEXT UNIQUE); INSERT INTO member VALUES ('a@x'), ('A@x');",
            "CREATE TABLE member (email TEXT UNIQUE COLLATE NOCASE);")
        let error = try #require(throws: SchemaPlanError.self) { try planner.plan() }
        guard case .dataLossRefused(let losses) = error.reason else { throw error }
        #expect(losses.count == 1 && losses[0].contains("UNIQUE (\"email\" COLLATE NOCASE)"), "\(losses)")
        #expect(try planner.applyFails(Self.allowed)?.message.contains("UNIQUE constraint failed") == true)
    }

    @Test("an index that becomes UNIQUE, or a new UNIQUE index over existing columns, is gated")
    func indexBecomesUnique() throws {
        let table = "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);"
        let becomes = try PlannerCase(
            table + "CREATE INDEX t_v ON t (v); INSERT INTO t VALUES (1, 'a'), (2, 'a');",
            table + "CREATE UNIQUE INDEX t_v ON t (v);")
        #expect(throws: SchemaPlanError.self) { try becomes.plan() }
        try becomes.applyFails(Self.allowed)
        let new = try PlannerCase(
            table + "INSERT INTO t VALUES (1, 'a'), (2, 'b');", table + "CREATE UNIQUE INDEX t_v ON t (v);")
        let error = try #require(throws: SchemaPlanError.self) { try new.plan() }
        #expect(
            error.reason
                == .dataLossRefused([
                    PlannerCase.failure(#"rows of "t" that repeat a key of the new UNIQUE index "t_v""#)
                ]))
        try new.apply(Self.allowed)
        // Over a column the table did not have, every copied row holds NULL: nothing can repeat.
        let overNewColumn = try PlannerCase(
            table + "INSERT INTO t VALUES (1, 'a');",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, code TEXT); CREATE UNIQUE INDEX t_code ON t (code);")
        #expect(try overNewColumn.apply().dataLosses.isEmpty)
    }

    @Test("INT PRIMARY KEY becoming INTEGER PRIMARY KEY: NULL keys get a placeholder, never a silent new number")
    func becomesRowIDAlias() throws {
        let planner = try PlannerCase(
            """
            CREATE TABLE item (id INT PRIMARY KEY, name TEXT);
            INSERT INTO item (rowid, id, name) VALUES (1, 5, 'a'), (2, NULL, 'b'), (4, 7, 'd');
            """,
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);")
        let error = try #require(throws: SchemaPlanError.self) { try planner.plan() }
        guard case .dataLossRefused(let losses) = error.reason else { throw error }
        #expect(losses.count == 1 && losses[0].contains("becomes the rowid"))
        let plan = try planner.plan(Self.allowed)
        #expect(
            plan.placeholders.map(\.description) == ["a value for rows where \"id\" is NULL (it becomes the rowid)"])
        #expect(plan.steps[0].statements[1].contains("coalesce(\"id\", kiln_placeholder("))
        #expect(plan.keptColumns.first { $0.column == "id" }?.isConverted == true)
        #expect(!plan.steps[0].keepsRowIDs)
        // Declared NOT NULL, it cannot hold NULL: nothing to fill.
        let notNull = try PlannerCase(
            "CREATE TABLE item (id INT NOT NULL PRIMARY KEY); INSERT INTO item VALUES (5);",
            "CREATE TABLE item (id INTEGER NOT NULL PRIMARY KEY);")
        let kept = try notNull.apply()
        #expect(kept.placeholders.isEmpty && !kept.steps[0].keepsRowIDs)
        #expect(try notNull.rows("SELECT rowid, id FROM item") == ["5|5"])
    }

    @Test("INTEGER PRIMARY KEY DESC is not the rowid: a rebuild keeps the rowids")
    func integerPrimaryKeyDescending() throws {
        let planner = try PlannerCase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY DESC, v TEXT); INSERT INTO t (rowid, id, v) VALUES (10, 1, 'a');",
            "CREATE TABLE t (id INTEGER PRIMARY KEY DESC, v TEXT NOT NULL DEFAULT 'x', CHECK (length(v) > 0));")
        #expect(try planner.apply(Self.allowed).steps[0].keepsRowIDs)
        #expect(try planner.rows("SELECT rowid, id, v FROM t") == ["10|1|a"])
    }

    @Test("two renames that swap column names are refused naming the renames, not with SQLite's raw error")
    func swappedColumns() throws {
        let planner = try PlannerCase(
            "CREATE TABLE t (first TEXT, last TEXT);", "CREATE TABLE t (last TEXT, first TEXT);")
        let renames = [
            SchemaRename.column(table: "t", from: "first", to: "last"), .column(table: "t", from: "last", to: "first"),
        ]
        let error = try #require(throws: SchemaPlanError.self) {
            try planner.plan(SchemaPlanOptions(renames: renames))
        }
        guard case .unsupported(let object, let reason) = error.reason else { throw error }
        #expect(object == "t.last")
        #expect(
            reason.contains("--rename t.first=last, --rename t.last=first") && reason.contains("duplicate column name"))
    }
}
