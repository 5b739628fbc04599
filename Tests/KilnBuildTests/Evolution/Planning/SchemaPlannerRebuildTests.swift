import Kiln
import KilnBuild
import Testing

@Suite("SchemaPlanner: table rebuilds")
struct SchemaPlannerRebuildTests {
    static let allowed = SchemaPlanOptions(allowsDataLoss: true)

    @Test("a narrowing type change is refused, then copied through a placeholder the migration fails at")
    func narrowing() throws {
        let before =
            "CREATE TABLE item (id INTEGER PRIMARY KEY, price TEXT); INSERT INTO item VALUES (1, '12'), (5, 'x');"
        let setup = try PlannerCase(before, "CREATE TABLE item (id INTEGER PRIMARY KEY, price INTEGER);")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(error.reason == .dataLossRefused(["the type of \"item\".\"price\" narrows from TEXT to INTEGER"]))
        let plan = try setup.plan(Self.allowed)
        #expect(plan.placeholders.map(\.description) == ["convert \"price\" from TEXT to INTEGER"])
        #expect(plan.placeholders[0].sql == "kiln_placeholder('convert \"price\" from TEXT to INTEGER')")
        #expect(plan.keptColumns.map(\.isConverted) == [false, true])
        #expect(plan.steps[0].comments.contains("  column price: type TEXT → INTEGER"))
        let scratch = try PlannerCase(before, "")
        #expect(throws: SQLiteError.self) { try scratch.current.execute(sql: plan.migrationText(header: [])) }
        try setup.apply(Self.allowed)
        #expect(try setup.rows("SELECT rowid, id, price FROM item") == ["1|1|12", "5|5|x"])
    }

    @Test("exact changes (to BLOB, INTEGER to NUMERIC, another name of the same affinity) need no placeholder")
    func widening() throws {
        let before = "CREATE TABLE m (a INTEGER, b REAL, c INTEGER, d TEXT); INSERT INTO m VALUES (1, 1.5, 7, 'z');"
        let setup = try PlannerCase(before, "CREATE TABLE m (a BIGINT, b BLOB, c NUMERIC, d ANY_TEXT);")
        let plan = try setup.apply()
        #expect(plan.placeholders.isEmpty && plan.dataLosses.isEmpty)
        #expect(plan.keptColumns.map(\.isConverted) == [false, false, true, false])
        #expect(try setup.rows("SELECT typeof(a), a, b, c, d FROM m") == ["integer|1|1.5|7|z"])
    }

    @Test("NOT NULL: NULLs get the default, or a placeholder whose stand-in is a value of the column's type")
    func notNull() throws {
        let before = "CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (NULL, NULL), (2, 'x');"
        let setup = try PlannerCase(before, "CREATE TABLE t (a INTEGER NOT NULL DEFAULT 0, b TEXT NOT NULL);")
        #expect(throws: SchemaPlanError.self) { try setup.plan() }
        let plan = try setup.apply(Self.allowed)
        let insert = plan.steps[0].statements[1]
        #expect(insert.contains("coalesce(\"a\", 0)"))
        #expect(insert.contains("coalesce(\"b\", kiln_placeholder('a value for rows where \"b\" is NULL'))"))
        #expect(plan.placeholders.map(\.standIn) == ["''"])
        #expect(try setup.rows("SELECT a, b FROM t ORDER BY rowid") == ["0|", "2|x"])
    }

    @Test("a new NOT NULL column without a default needs a placeholder value for existing rows")
    func newNotNullColumn() throws {
        let setup = try PlannerCase(
            "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1);", "CREATE TABLE t (a INTEGER, b REAL NOT NULL);")
        let plan = try setup.apply()
        #expect(plan.placeholders.map(\.description) == ["a value for \"b\" in existing rows"])
        #expect(try setup.rows("SELECT a, b FROM t") == ["1|0.0"])
    }

    @Test("a dropped column is refused, then rebuilt with the drop-column allow comment; rowids are kept")
    func droppedColumn() throws {
        let before =
            "CREATE TABLE t (a TEXT, gone TEXT, c INTEGER); INSERT INTO t VALUES ('x', 'y', 3); DELETE FROM t;"
            + "INSERT INTO t (rowid, a, gone, c) VALUES (40, 'p', 'q', 4);"
        let setup = try PlannerCase(before, "CREATE TABLE t (c INTEGER, a TEXT);")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(error.reason == .dataLossRefused(["column \"t\".\"gone\" is dropped with its values"]))
        let plan = try setup.apply(Self.allowed)
        #expect(plan.steps[0].comments.last == "kiln:allow drop-column -- the rebuild drops \"gone\"")
        #expect(
            plan.steps[0].statements == [
                "CREATE TABLE \"new_t\" (c INTEGER, a TEXT)",
                "INSERT INTO \"new_t\" (rowid, \"c\", \"a\") SELECT rowid, \"c\", \"a\" FROM \"t\"",
                "DROP TABLE \"t\"", "ALTER TABLE \"new_t\" RENAME TO \"t\"",
            ])
        #expect(try setup.rows("SELECT rowid, c, a FROM t") == ["40|4|p"])
    }

    @Test("foreign keys of other tables, self-references and cycles keep pointing at the rebuilt table")
    func referencedTables() throws {
        let before = """
            CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES b (id), up INTEGER REFERENCES a (id));
            CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id));
            CREATE TABLE c (id INTEGER PRIMARY KEY, a_id INTEGER NOT NULL REFERENCES a (id) ON DELETE CASCADE);
            INSERT INTO a VALUES (1, NULL, NULL), (2, 1, 1); INSERT INTO b VALUES (1, 2); INSERT INTO c VALUES (7, 2);
            """
        let after = """
            CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES b (id), up INTEGER REFERENCES a (id),
              label TEXT NOT NULL DEFAULT 'none' CHECK (length(label) < 10 AND id > 0));
            CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id), extra BLOB);
            CREATE TABLE c (id INTEGER PRIMARY KEY, a_id INTEGER NOT NULL REFERENCES a (id) ON DELETE CASCADE);
            """
        let setup = try PlannerCase(before, after)
        let plan = try setup.apply(Self.allowed)
        #expect(plan.steps.map(\.kind) == [.addColumn, .rebuildTable])
        #expect(try setup.rows("SELECT group_concat(\"table\") FROM pragma_foreign_key_list('c')") == ["a"])
        #expect(try setup.rows("SELECT id, b_id, up, label FROM a") == ["1|NULL|NULL|none", "2|1|1|none"])
        #expect(!plan.migrationText(header: []).contains("RENAME TO \"new_"))
    }

    @Test("AUTOINCREMENT's sequence is carried over so no number is handed out twice")
    func autoincrement() throws {
        let before = """
            CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT);
            INSERT INTO t (v) VALUES ('a'), ('b'), ('c'); DELETE FROM t WHERE id = 3;
            """
        let setup = try PlannerCase(
            before, "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT NOT NULL DEFAULT '');")
        try setup.apply(Self.allowed)
        #expect(try setup.rows("SELECT name, seq FROM sqlite_sequence") == ["t|3"])
        try setup.current.execute(sql: "INSERT INTO t (v) VALUES ('d')")
        #expect(try setup.rows("SELECT id FROM t WHERE v = 'd'") == ["4"])
    }

    @Test("WITHOUT ROWID, composite primary keys and STRICT tables are rebuilt without rowids")
    func withoutRowID() throws {
        let before = """
            CREATE TABLE pair (a TEXT NOT NULL, b INTEGER NOT NULL, v REAL, PRIMARY KEY (a, b)) WITHOUT ROWID;
            CREATE TABLE s (id INTEGER PRIMARY KEY, v ANY);
            INSERT INTO pair VALUES ('x', 1, 0.5), ('x', 2, NULL); INSERT INTO s VALUES (1, 'one');
            """
        let after = """
            CREATE TABLE pair (a TEXT NOT NULL, b INTEGER NOT NULL, v REAL, w TEXT, PRIMARY KEY (b, a));
            CREATE TABLE s (id INTEGER PRIMARY KEY, v ANY) STRICT;
            """
        let setup = try PlannerCase(before, after)
        // The primary key's columns in another order accept the same rows, and STRICT refuses no value of the
        // rowid or of ANY: nothing to allow.
        #expect(try setup.plan().dataLosses.isEmpty)
        let plan = try setup.apply()
        #expect(plan.steps.allSatisfy { $0.kind == .rebuildTable })
        #expect(plan.steps[0].statements[1].hasPrefix("INSERT INTO \"new_pair\""))
        #expect(try setup.rows("SELECT a, b, v FROM pair ORDER BY b") == ["x|1|0.5", "x|2|NULL"])
        #expect(try setup.rows("SELECT id, v FROM s") == ["1|one"])
    }

    @Test("generated columns are never copied into; stored values turned generated are a loss")
    func generatedColumns() throws {
        let before = """
            CREATE TABLE g (a INTEGER, twice AS (a * 2), kept INTEGER, later INTEGER);
            INSERT INTO g (a, kept, later) VALUES (2, 9, 5);
            """
        let after = "CREATE TABLE g (a INTEGER, twice AS (a * 3) STORED, kept INTEGER, later AS (a + 1));"
        let setup = try PlannerCase(before, after)
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(
            error.reason
                == .dataLossRefused(["the values of \"g\".\"later\" are replaced by its generated expression"]))
        let plan = try setup.apply(Self.allowed)
        #expect(
            plan.steps[0].statements[1]
                == "INSERT INTO \"new_g\" (rowid, \"a\", \"kept\") SELECT rowid, \"a\", \"kept\" FROM \"g\"")
        #expect(try setup.rows("SELECT a, twice, kept, later FROM g") == ["2|6|9|3"])
    }

    @Test("a new CHECK is refused without --allow-data-loss; with it, a row that breaks it fails the migration")
    func newCheck() throws {
        let after = "CREATE TABLE t (v INTEGER CHECK (v > 0));"
        let failing = try PlannerCase("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (-1), (3);", after)
        let error = try #require(throws: SchemaPlanError.self) { try failing.plan() }
        let risk =
            "rows of \"t\" that break CHECK (v > 0) make this migration fail and roll back, so clean them in this "
            + "migration before the copy if they can exist"
        #expect(error.reason == .dataLossRefused([risk]))
        let plan = try failing.plan(Self.allowed)
        #expect(plan.risks == [.mayFail(table: "t", constraint: .check("v > 0"))])
        #expect(plan.dataLosses == [risk] && plan.steps[0].comments.contains("data loss: \(risk)"))
        #expect(!plan.migrationText(header: []).contains("OR IGNORE"))
        #expect(try failing.applyFails(Self.allowed)?.message.contains("CHECK constraint failed") == true)
        #expect(try failing.rows("SELECT v FROM t") == ["1", "-1", "3"])
        let passing = try PlannerCase("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (3);", after)
        try passing.apply(Self.allowed)
        #expect(try passing.rows("SELECT v FROM t") == ["1", "3"])
    }

    @Test("a table-level FOREIGN KEY on a new column makes a rebuild; a REFERENCES clause rides along ADD COLUMN")
    func foreignKeyOnNewColumn() throws {
        let before =
            "CREATE TABLE p (k TEXT PRIMARY KEY); CREATE TABLE c (id INTEGER PRIMARY KEY); INSERT INTO c VALUES (1);"
        let tableLevel = try PlannerCase(
            before,
            "CREATE TABLE p (k TEXT PRIMARY KEY); CREATE TABLE c (id INTEGER PRIMARY KEY, k TEXT, FOREIGN KEY (k) REFERENCES p);"
        )
        #expect(try tableLevel.apply().steps.map(\.kind) == [.rebuildTable])
        let columnLevel = try PlannerCase(
            before, "CREATE TABLE p (k TEXT PRIMARY KEY); CREATE TABLE c (id INTEGER PRIMARY KEY, k TEXT REFERENCES p);"
        )
        #expect(try columnLevel.apply().steps.map(\.kind) == [.addColumn])
    }

    @Test("a STRICT BLOB column takes only blobs: values from another type go through a placeholder")
    func strictBlob() throws {
        let before = "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER) STRICT; INSERT INTO t VALUES (1, 5);"
        let setup = try PlannerCase(before, "CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB) STRICT;")
        let plan = try setup.apply(Self.allowed)
        #expect(plan.placeholders.map(\.standIn) == ["CAST(\"v\" AS BLOB)"])
        #expect(try setup.rows("SELECT typeof(v) FROM t") == ["blob"])
        let any = try PlannerCase(before, "CREATE TABLE t (id INTEGER PRIMARY KEY, v ANY) STRICT;")
        #expect(try any.apply().placeholders.isEmpty)
    }

    @Test("an INTEGER PRIMARY KEY is unique and never NULL: making the table WITHOUT ROWID loses nothing")
    func rowIDAliasToWithoutRowID() throws {
        let before = "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (3, 'c');"
        let setup = try PlannerCase(before, "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT) WITHOUT ROWID;")
        let plan = try setup.apply()
        #expect(plan.dataLosses.isEmpty)
        #expect(try setup.rows("SELECT id, v FROM t") == ["3|c"])
    }

    @Test("STRICT columns refuse classes they cannot take: a blob into TEXT needs the conversion placeholder")
    func strictText() throws {
        let before = "CREATE TABLE t (v BLOB) STRICT; INSERT INTO t VALUES (x'01');"
        let setup = try PlannerCase(before, "CREATE TABLE t (v TEXT) STRICT;")
        let plan = try setup.apply(Self.allowed)
        #expect(plan.placeholders.map(\.standIn) == ["CAST(\"v\" AS TEXT)"])
        let widening = try PlannerCase("CREATE TABLE t (v INTEGER) STRICT;", "CREATE TABLE t (v TEXT) STRICT;")
        #expect(try widening.apply().placeholders.isEmpty)
    }

    @Test("a narrowed column under UNIQUE: rows whose converted values repeat fail the migration")
    func narrowedUnique() throws {
        let before = "CREATE TABLE t (v TEXT UNIQUE); INSERT INTO t VALUES ('1'), ('01'), ('x');"
        let setup = try PlannerCase(before, "CREATE TABLE t (v INTEGER UNIQUE);")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        guard case .dataLossRefused(let losses) = error.reason else { throw error }
        #expect(
            losses.last?.hasSuffix(
                "rows of \"t\" whose converted values repeat in UNIQUE (\"v\") make this migration fail and roll back, "
                    + "so clean them in this migration before the copy if they can exist") == true, "\(losses)")
        // The stand-in converts as the column's affinity does: '1' and '01' both become 1.
        #expect(try setup.applyFails(Self.allowed)?.message.contains("UNIQUE constraint failed") == true)
        #expect(try setup.rows("SELECT v FROM t ORDER BY rowid") == ["1", "01", "x"])
    }
}
