import Kiln
import Testing

@testable import KilnBuild

@Suite("SchemaPlanner: renames, indexes, views, triggers, virtual tables, odd names")
struct SchemaPlannerDependentsTests {
    static let allowed = SchemaPlanOptions(allowsDataLoss: true)

    @Test("renames run first; references follow them; kept columns name the old names")
    func renames() throws {
        let before = """
            CREATE TABLE author (id INTEGER PRIMARY KEY, full_name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author (id));
            CREATE VIEW names AS SELECT full_name FROM author;
            INSERT INTO author VALUES (1, 'Ada'); INSERT INTO book VALUES (1, 1);
            """
        let after = """
            CREATE TABLE writer (id INTEGER PRIMARY KEY, name TEXT, born INTEGER);
            CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES writer (id));
            CREATE VIEW names AS SELECT name FROM writer;
            """
        let setup = try PlannerCase(before, after)
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        // Without the renames, author is dropped and book's key points at a new table its rows never matched.
        #expect(
            error.reason
                == .dataLossRefused([
                    "table \"author\" is dropped with its rows",
                    PlannerCase.failure(
                        #"rows of "book" whose ("author_id") match no row of "writer" (the new foreign key)"#),
                ]))
        let options = SchemaPlanOptions(renames: [
            .table(from: "author", to: "writer"), .column(table: "author", from: "full_name", to: "name"),
        ])
        let plan = try setup.apply(options)
        #expect(plan.steps.map(\.kind) == [.renameTable, .renameColumn, .addColumn])
        #expect(plan.steps[0].comments.last?.hasPrefix("kiln:allow rename-referenced-table") == true)
        #expect(plan.steps[1].statements == ["ALTER TABLE \"writer\" RENAME COLUMN \"full_name\" TO \"name\""])
        let kept = plan.keptColumns.first { $0.column == "name" }
        #expect(kept == KeptColumn(sourceTable: "author", sourceColumn: "full_name", table: "writer", column: "name"))
        #expect(try setup.rows("SELECT * FROM names") == ["Ada"])
    }

    @Test(
        "a rename naming nothing is an error",
        arguments: [
            (SchemaRename.table(from: "nope", to: "t"), SchemaPlanError.Reason.renamedTableMissing("nope")),
            (.table(from: "t", to: "nope"), .renameTargetMissing(.table(from: "t", to: "nope"))),
            (.column(table: "t", from: "x", to: "b"), .renamedColumnMissing(table: "t", column: "x")),
            (.column(table: "t", from: "a", to: "zz"), .renameTargetMissing(.column(table: "t", from: "a", to: "zz"))),
            (.column(table: "q", from: "a", to: "b"), .renamedTableMissing("q")),
        ])
    func renameErrors(rename: SchemaRename, reason: SchemaPlanError.Reason) throws {
        let setup = try PlannerCase("CREATE TABLE t (a TEXT);", "CREATE TABLE t (b TEXT);")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan(SchemaPlanOptions(renames: [rename])) }
        #expect(error.reason == reason)
    }

    @Test("views on views and triggers that read a rebuilt table are dropped first and created again after")
    func viewsAndTriggers() throws {
        let before = """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            CREATE TABLE log (what TEXT);
            CREATE TABLE other (x INTEGER);
            CREATE VIEW v1 AS SELECT id, v FROM t;
            CREATE VIEW v2 AS SELECT id FROM v1 WHERE v IS NOT NULL;
            CREATE VIEW untouched AS SELECT x FROM other;
            CREATE TRIGGER on_t AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.v); END;
            CREATE TRIGGER on_other AFTER INSERT ON other BEGIN INSERT INTO log SELECT v FROM t; END;
            CREATE TRIGGER instead INSTEAD OF INSERT ON v2 BEGIN INSERT INTO log VALUES ('v2'); END;
            CREATE INDEX t_v ON t (lower(v)) WHERE v IS NOT NULL;
            INSERT INTO t VALUES (1, 'a');
            """
        let after = before.replacingOccurrences(of: "v TEXT);", with: "v TEXT, w INTEGER NOT NULL DEFAULT (1));")
            .replacingOccurrences(of: "INSERT INTO t VALUES (1, 'a');", with: "")
        let setup = try PlannerCase(before, after)
        let plan = try setup.apply()
        #expect(
            plan.steps.map { "\($0.kind.rawValue) \($0.name)" } == [
                "dropTrigger on_t", "dropTrigger on_other", "dropTrigger instead", "dropView v2", "dropView v1",
                "rebuildTable t", "createIndex t_v", "createView v1", "createView v2", "createTrigger on_t",
                "createTrigger on_other", "createTrigger instead",
            ])
        #expect(try setup.rows("SELECT id, v, w FROM t") == ["1|a|1"])
    }

    @Test("changed indexes are dropped and created; removed ones dropped")
    func indexes() throws {
        let before =
            "CREATE TABLE t (a, b); CREATE INDEX t_a ON t (a); CREATE INDEX t_b ON t (b); CREATE INDEX old ON t (a, b);"
        let after = "CREATE TABLE t (a, b); CREATE INDEX t_a ON t (a); CREATE UNIQUE INDEX t_b ON t (b DESC);"
        // t_b becomes UNIQUE: rows repeating a key would fail the migration, so it is gated.
        let plan = try PlannerCase(before, after).apply(SchemaPlanOptions(allowsDataLoss: true))
        #expect(
            plan.steps.map { "\($0.kind.rawValue) \($0.name)" } == [
                "dropIndex old", "dropIndex t_b", "createIndex t_b",
            ])
    }

    @Test("names with spaces, quotes, keywords and mixed case compare as SQLite folds them")
    func oddNames() throws {
        let before = #"""
            CREATE TABLE "Odd ""Table""" ("select" INTEGER PRIMARY KEY, "Mixed Case" TEXT);
            CREATE INDEX "the ""index""" ON "Odd ""Table""" ("Mixed Case");
            INSERT INTO "Odd ""Table""" VALUES (1, 'x');
            """#
        let after = #"""
            CREATE TABLE "odd ""table""" ("SELECT" INTEGER PRIMARY KEY, "mixed case" TEXT NOT NULL DEFAULT '');
            CREATE INDEX "the ""index""" ON "odd ""table""" ("mixed case");
            """#
        let setup = try PlannerCase(before, after)
        #expect(try PlannerCase(before, before.replacingOccurrences(of: "Mixed", with: "MIXED")).plan().isEmpty)
        let plan = try setup.apply(Self.allowed)
        #expect(plan.steps.map(\.kind) == [.rebuildTable, .createIndex])
        #expect(plan.steps[0].statements[0].hasPrefix("CREATE TABLE \"new_odd \"\"table\"\"\" (\"SELECT\""))
        #expect(try setup.rows("SELECT * FROM \"ODD \"\"TABLE\"\"\"") == ["1|x"])
    }

    @Test(
        "virtual tables are created and dropped; a changed FTS5 table keeps its rows, another module's is a data loss")
    func virtualTables() throws {
        let before = """
            CREATE VIRTUAL TABLE doc USING fts5(body); CREATE VIRTUAL TABLE gone USING fts5(x);
            CREATE VIRTUAL TABLE box USING rtree(id, x0, x1);
            """
        let after = """
            CREATE VIRTUAL TABLE doc USING fts5(body, title); CREATE VIRTUAL TABLE fresh USING fts5(y);
            CREATE VIRTUAL TABLE box USING rtree(id, x0, x1, y0, y1);
            """
        let setup = try PlannerCase(before, after)
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(
            error.reason
                == .dataLossRefused([
                    "table \"gone\" is dropped with its rows", "table \"box\" is dropped with its rows",
                ]))
        let plan = try setup.apply(Self.allowed)
        #expect(
            plan.steps.map { "\($0.kind.rawValue) \($0.name)" } == [
                "dropTable gone", "dropTable box", "createTable box", "createTable fresh", "rebuildTable doc",
            ])
    }
}

@Suite("SchemaPlanner: many changes at once")
struct SchemaPlannerCombinedTests {
    @Test("renames, reordered columns, a cycle of foreign keys, views on views and triggers in one plan")
    func everything() throws {
        let before = """
            CREATE TABLE dept (id INTEGER PRIMARY KEY, title TEXT, boss INTEGER REFERENCES emp (id));
            CREATE TABLE emp (id INTEGER PRIMARY KEY AUTOINCREMENT, dept INTEGER REFERENCES dept (id),
              manager INTEGER REFERENCES emp (id), salary TEXT, note TEXT);
            CREATE TABLE audit (what TEXT);
            CREATE INDEX emp_dept ON emp (dept) WHERE dept IS NOT NULL;
            CREATE VIEW staff AS SELECT e.id, d.title FROM emp AS e JOIN dept AS d ON d.id = e.dept;
            CREATE VIEW staff_count AS SELECT count(*) AS n FROM staff;
            CREATE TRIGGER emp_added AFTER INSERT ON emp BEGIN INSERT INTO audit VALUES ('emp ' || new.id); END;
            CREATE TRIGGER dept_added AFTER INSERT ON dept BEGIN INSERT INTO audit SELECT count(*) FROM emp; END;
            INSERT INTO dept VALUES (1, 'R&D', NULL);
            INSERT INTO emp (dept, manager, salary, note) VALUES (1, NULL, '100', 'a'), (1, 1, '90', NULL);
            UPDATE dept SET boss = 1;
            """
        let after = """
            CREATE TABLE division (id INTEGER PRIMARY KEY, name TEXT, boss INTEGER REFERENCES emp (id));
            CREATE TABLE emp (id INTEGER PRIMARY KEY AUTOINCREMENT, note TEXT, division INTEGER REFERENCES division (id),
              manager INTEGER REFERENCES emp (id), salary INTEGER);
            CREATE TABLE audit (what TEXT, at TEXT);
            CREATE INDEX emp_dept ON emp (division) WHERE division IS NOT NULL;
            CREATE INDEX emp_salary ON emp (salary * 2);
            CREATE VIEW staff AS SELECT e.id, d.name FROM emp AS e JOIN division AS d ON d.id = e.division;
            CREATE VIEW staff_count AS SELECT count(*) AS n FROM staff;
            CREATE TRIGGER emp_added AFTER INSERT ON emp BEGIN INSERT INTO audit VALUES ('emp ' || new.id, NULL); END;
            CREATE TRIGGER dept_added AFTER INSERT ON division BEGIN INSERT INTO audit SELECT count(*), NULL FROM emp; END;
            """
        let setup = try PlannerCase(before, after)
        let renames: [SchemaRename] = [
            .table(from: "dept", to: "division"), .column(table: "division", from: "title", to: "name"),
            .column(table: "emp", from: "dept", to: "division"),
        ]
        let plan = try setup.apply(SchemaPlanOptions(renames: renames, allowsDataLoss: true))
        #expect(plan.placeholders.count == 1)
        #expect(
            try setup.rows("SELECT id, note, division, manager, salary FROM emp") == [
                "1|a|1|NULL|100", "2|NULL|1|1|90",
            ])
        #expect(try setup.rows("SELECT * FROM staff_count") == ["2"])
        #expect(try setup.rows("SELECT seq FROM sqlite_sequence WHERE name = 'emp'") == ["2"])
    }
}

@Suite("SchemaPlanner: objects that change kind or go away")
struct SchemaPlannerRemovalTests {
    @Test("a table that becomes a view, and views and triggers that go away")
    func tableToView() throws {
        let before = """
            CREATE TABLE totals (n INTEGER);
            CREATE TABLE item (id INTEGER PRIMARY KEY);
            CREATE VIEW old_view AS SELECT id FROM item;
            CREATE TRIGGER old_trigger AFTER DELETE ON item BEGIN DELETE FROM totals; END;
            """
        let after = """
            CREATE TABLE item (id INTEGER PRIMARY KEY);
            CREATE VIEW totals AS SELECT count(*) AS n FROM item;
            """
        let plan = try PlannerCase(before, after).apply(SchemaPlanOptions(allowsDataLoss: true))
        #expect(
            plan.steps.map { "\($0.kind.rawValue) \($0.name)" } == [
                "dropTrigger old_trigger", "dropView old_view", "dropTable totals", "createView totals",
            ])
    }

    @Test("a column whose name is rowid makes the copy keep rowids through _rowid_")
    func rowidColumn() throws {
        let before = "CREATE TABLE t (rowid TEXT, v INTEGER); INSERT INTO t (_rowid_, rowid, v) VALUES (9, 'r', 1);"
        let setup = try PlannerCase(before, "CREATE TABLE t (rowid TEXT, v INTEGER NOT NULL DEFAULT 0);")
        let plan = try setup.apply(SchemaPlanOptions(allowsDataLoss: true))
        #expect(
            plan.steps[0].statements[1].hasPrefix("INSERT INTO \"new_t\" (_rowid_, \"rowid\", \"v\") SELECT _rowid_,"))
        #expect(try setup.rows("SELECT _rowid_, rowid, v FROM t") == ["9|r|1"])
    }
}
