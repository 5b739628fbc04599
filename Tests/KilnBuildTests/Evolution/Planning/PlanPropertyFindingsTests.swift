import Kiln
import Testing

@testable import KilnBuild

/// Planner bugs found by the plan property, reduced to their smallest pair of schemas and kept as regression
/// tests once fixed (all are). A new finding goes here as a failing test with the seed that found it.
@Suite("Plan property findings")
struct PlanPropertyFindingsTests {
    /// Plans `current` → `wanted` (allowing data loss), applies the verification text to `current` with its
    /// rows as the migrator would, and returns the schema differences from `wanted` left afterwards.
    func differencesAfterApplying(_ current: String, rows: String = "", wanted: String) throws -> [String] {
        let database = try SQLiteConnection(path: ":memory:")
        try database.execute(sql: current + rows)
        let wantedDatabase = try SQLiteConnection(path: ":memory:")
        try wantedDatabase.execute(sql: wanted)
        let plan = try SchemaPlanner.plan(
            from: database, to: wantedDatabase, options: SchemaPlanOptions(allowsDataLoss: true))
        try database.transaction { try database.execute(sql: plan.verificationText) }
        return SchemaDifference.compare(
            expected: try SchemaModel.read(from: wantedDatabase), actual: try SchemaModel.read(from: database)
        ).map(\.description)
    }

    /// Seeds 27, 51, 181, 191, 223, 250 (fixed in the planner since): a new column named in a table-level
    /// FOREIGN KEY was planned as `ALTER TABLE c ADD COLUMN "p_id" TEXT`, which cannot carry a table
    /// constraint: the foreign key was lost.
    @Test func aNewColumnInATableForeignKeyKeepsTheKey() throws {
        let differences = try differencesAfterApplying(
            "CREATE TABLE p (id TEXT PRIMARY KEY); CREATE TABLE c (id INTEGER PRIMARY KEY);",
            rows: "INSERT INTO p VALUES ('a'); INSERT INTO c VALUES (1);",
            wanted: """
                CREATE TABLE p (id TEXT PRIMARY KEY);
                CREATE TABLE c (id INTEGER PRIMARY KEY, p_id TEXT, FOREIGN KEY (p_id) REFERENCES p (id));
                """)
        #expect(differences.isEmpty, "\(differences)")
    }

    /// Seeds 160, 202 (fixed in the planner since): retyping a column of a STRICT table to BLOB copied its
    /// values unconverted, so the copy into the new table failed (`cannot store INT value in BLOB column
    /// new_t.v`).
    @Test func retypingAStrictColumnConvertsItsValues() throws {
        let differences = try differencesAfterApplying(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER) STRICT;",
            rows: "INSERT INTO t VALUES (1, 5);",
            wanted: "CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB) STRICT;")
        #expect(differences.isEmpty, "\(differences)")
    }

    /// Seeds 40, 43, 122, 132, 172, 227, 277 (fixed in the planner since): making a table whose key is
    /// `INTEGER PRIMARY KEY` (the rowid, never NULL, always unique) WITHOUT ROWID was refused as data loss
    /// ("id becomes NOT NULL…; rows that fail PRIMARY KEY are not copied"), though no row can be lost.
    @Test func withoutRowIDOnARowIDKeyLosesNothing() throws {
        let current = try SQLiteConnection(path: ":memory:")
        try current.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        let wanted = try SQLiteConnection(path: ":memory:")
        try wanted.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT) WITHOUT ROWID")
        let plan = try SchemaPlanner.plan(from: current, to: wanted)
        #expect(plan.dataLosses.isEmpty)
    }

    /// Seeds 79, 160 (fixed in the planner since): a rebuild's comment lines gave each change backwards
    /// (`STRICT: no → yes` when STRICT is dropped).
    @Test func rebuildCommentsSayWhichWayTheChangeGoes() throws {
        let current = try SQLiteConnection(path: ":memory:")
        try current.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER) STRICT")
        let wanted = try SQLiteConnection(path: ":memory:")
        try wanted.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)")
        let plan = try SchemaPlanner.plan(from: current, to: wanted, options: SchemaPlanOptions(allowsDataLoss: true))
        let comments = plan.steps.flatMap(\.comments).joined(separator: "\n")
        #expect(comments.contains("STRICT: yes → no"), "\(comments)")
    }

    /// Seeds 1620, 2003, 2334: narrowing a column of a STRICT table that is UNIQUE gave the conversion
    /// placeholder the stand-in `CAST(v AS INTEGER)`, which turns distinct values into the same one ('a' and 'b'
    /// both become 0). kiln never leaves rows out silently (it once copied with INSERT OR IGNORE): the plan
    /// warns that repeated converted values make the migration fail, and the copy fails, rolled back.
    @Test func narrowingAUniqueStrictColumnFailsAsWarned() throws {
        let database = try SQLiteConnection(path: ":memory:")
        try database.execute(
            sql:
                "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE) STRICT; INSERT INTO t VALUES (1, 'a'), (2, 'b');"
        )
        let wanted = try SQLiteConnection(path: ":memory:")
        try wanted.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER UNIQUE) STRICT;")
        let plan = try SchemaPlanner.plan(from: database, to: wanted, options: SchemaPlanOptions(allowsDataLoss: true))
        #expect(
            plan.risks.contains {
                guard case .mayFail("t", .convertedUnique(let index)) = $0 else { return false }
                return index.terms.map(\.expression) == ["v"]
            })
        let error = #expect(throws: SQLiteError.self) {
            try database.transaction { try database.execute(sql: plan.verificationText) }
        }
        #expect(error?.message.contains("UNIQUE constraint failed") == true)
        #expect(try database.integer(sql: "SELECT count(*) FROM t") == 2)
    }

    /// Seeds 684, 1270, 1429, 2095, 2321, 2444 of a 2500-pair sweep (fixed in the planner since): BLOB → TEXT
    /// in a STRICT table was planned as a widening ("takes TEXT affinity: every value is kept") and copied as
    /// is, but a STRICT TEXT column refuses a blob (`cannot store BLOB value in TEXT column new_t.v`).
    @Test func blobToTextInAStrictTableConvertsItsValues() throws {
        let differences = try differencesAfterApplying(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB) STRICT;",
            rows: "INSERT INTO t VALUES (1, x'00');",
            wanted: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT) STRICT;")
        #expect(differences.isEmpty, "\(differences)")
    }

    /// Seeds 1024, 1620, 2040, 3156 of a 3000-pair sweep: a rebuild that left out rows (INSERT OR IGNORE, here
    /// because the stand-in `CAST(code AS INT)` makes 'x' and 'y' both 0 under UNIQUE) dropped a parent row that
    /// another table still referred to. Now the copy is a plain INSERT: it fails, rolled back, and no child is
    /// orphaned; the plan said it would.
    @Test func rowsAreNeverLeftOutSoNoChildIsOrphaned() throws {
        let database = try SQLiteConnection(path: ":memory:")
        try database.execute(
            sql: """
                CREATE TABLE p (id TEXT PRIMARY KEY, code ANY UNIQUE) STRICT;
                CREATE TABLE c (id INTEGER PRIMARY KEY, p_id TEXT REFERENCES p (id));
                INSERT INTO p VALUES ('a', 'x'), ('b', 'y');
                INSERT INTO c VALUES (1, 'a'), (2, 'b');
                """)
        let wanted = try SQLiteConnection(path: ":memory:")
        try wanted.execute(
            sql: """
                CREATE TABLE p (id TEXT PRIMARY KEY, code INT UNIQUE) STRICT;
                CREATE TABLE c (id INTEGER PRIMARY KEY, p_id TEXT REFERENCES p (id));
                """)
        let plan = try SchemaPlanner.plan(from: database, to: wanted, options: SchemaPlanOptions(allowsDataLoss: true))
        #expect(!plan.migrationText(header: []).contains("OR IGNORE"))
        #expect(throws: SQLiteError.self) {
            try database.transaction { try database.execute(sql: plan.verificationText) }
        }
        #expect(try database.integer(sql: "SELECT count(*) FROM p") == 2)
        #expect(try database.rows(sql: "PRAGMA foreign_key_check").isEmpty)
    }

    /// Seed 2003 of a 3000-pair sweep: a unique index over a column narrowed in a STRICT table is recreated
    /// after the copy; the stand-in `CAST(v AS INTEGER)` made 'a' and 'b' both 0, so `CREATE UNIQUE INDEX`
    /// failed with no warning in the plan. Now the plan says that repeated converted values make the migration
    /// fail (a risk to allow), and it fails loudly, rolled back.
    @Test func aUniqueIndexOverANarrowedStrictColumnIsAWarnedRisk() throws {
        let database = try SQLiteConnection(path: ":memory:")
        try database.execute(
            sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT) STRICT; CREATE UNIQUE INDEX i ON t (v);
                INSERT INTO t VALUES (1, 'a'), (2, 'b');
                """)
        let wanted = try SQLiteConnection(path: ":memory:")
        try wanted.execute(
            sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER) STRICT; CREATE UNIQUE INDEX i ON t (v);")
        #expect(throws: SchemaPlanError.self) { try SchemaPlanner.plan(from: database, to: wanted) }
        let plan = try SchemaPlanner.plan(from: database, to: wanted, options: SchemaPlanOptions(allowsDataLoss: true))
        #expect(plan.risks.contains(.mayFail(table: "t", constraint: .convertedIndex("i"))))
        #expect(throws: SQLiteError.self) {
            try database.transaction { try database.execute(sql: plan.verificationText) }
        }
        #expect(try database.integer(sql: "SELECT count(*) FROM t") == 2)
    }

    /// Seeds 458, 460, 821, 930, 975, 1075, 1193, 1381, 1472, 2304, 3230 of a 3000-pair sweep: dropping
    /// COLLATE NOCASE from a column under a UNIQUE constraint is refused as data loss ("rows that fail UNIQUE
    /// (…) are not copied"), though values distinct under NOCASE are distinct under BINARY: no row can fail
    /// (fixed in the planner since: ``UniqueKey``).
    @Test func droppingNocaseUnderAUniqueLosesNothing() throws {
        let current = try SQLiteConnection(path: ":memory:")
        try current.execute(
            sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT COLLATE NOCASE, UNIQUE (a, b))")
        let wanted = try SQLiteConnection(path: ":memory:")
        try wanted.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, UNIQUE (a, b))")
        let plan = try SchemaPlanner.plan(from: current, to: wanted)
        #expect(plan.dataLosses.isEmpty)
    }

    /// Seed 167 of the first generator: dropping STRICT from a table with an ANY column (which then has NUMERIC
    /// affinity, so '5' becomes 5) is a data loss rightly, but was described as "narrows from ANY to ANY" (fixed
    /// since: the message says what ANY means on each side).
    @Test func droppingStrictOverAnyNamesTheChange() throws {
        let current = try SQLiteConnection(path: ":memory:")
        try current.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v ANY) STRICT")
        let wanted = try SQLiteConnection(path: ":memory:")
        try wanted.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v ANY)")
        let plan = try SchemaPlanner.plan(from: current, to: wanted, options: SchemaPlanOptions(allowsDataLoss: true))
        #expect(!plan.dataLosses.isEmpty)
        #expect(
            plan.dataLosses.joined().contains(
                "from ANY (STRICT: values kept as they are) to ANY (NUMERIC affinity outside STRICT)"),
            "\(plan.dataLosses)")
    }
}
