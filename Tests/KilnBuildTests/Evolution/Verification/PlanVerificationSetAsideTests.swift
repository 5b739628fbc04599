import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// Rows of a data set that the wanted schema refuses: the verifier sets aside exactly those (and the rows that
/// refer to them), says so, proves the plan on the rest, and never claims a proof on no rows.
@Suite("Plan verification, rows set aside")
struct PlanVerificationSetAsideTests {
    /// Verifies `steps` from the schema of migration `initial` (plus its rows) to `wanted`, keeping `kept`.
    static func verify(
        initial: String, wanted: String, steps: [SchemaPlanStep], kept: [KeptColumn]
    ) throws -> PlanVerification {
        let migrator = try Migrator(migrations: migrationSet("app", [("0001_init.sql", initial)]))
        let wantedModel = try PlanVerificationTests.model(wanted)
        let plan = SchemaPlan(steps: steps, keptColumns: kept)
        let verifier = try PlanVerifier(migrator: migrator, wanted: wantedModel)
        let text = plan.withStandIns.migrationText(header: ["test"])
        return try verifier.verify(plan, fileName: "0002_plan.sql", text: text)
    }

    /// Every column of `table` kept under its name.
    static func kept(_ table: String, _ columns: [String]) -> [KeptColumn] {
        columns.map { KeptColumn(sourceTable: table, sourceColumn: $0, table: table, column: $0) }
    }

    /// `table` rebuilt as `definition`, copying `columns` (with the rowid when `rowid`).
    static func rebuild(_ table: String, _ definition: String, _ columns: String, rowid: Bool = true) -> SchemaPlanStep
    {
        let copied = rowid ? "rowid, \(columns)" : columns
        return SchemaPlanStep(
            .rebuildTable, name: table,
            statements: [
                "CREATE TABLE \"new_\(table)\" \(definition)",
                "INSERT INTO \"new_\(table)\" (\(copied)) SELECT \(copied) FROM \"\(table)\"",
                "DROP TABLE \"\(table)\"", "ALTER TABLE \"new_\(table)\" RENAME TO \"\(table)\"",
            ])
    }

    @Test("a new foreign key on an existing column: only the rows whose key matches no parent are set aside")
    func newForeignKey() throws {
        let initial = """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER, title TEXT);
            INSERT INTO author VALUES (1, 'a');
            INSERT INTO book VALUES (1, 1, 'x'), (2, 99, 'y');

            """
        let definition = "(id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author (id), title TEXT)"
        let verification = try Self.verify(
            initial: initial,
            wanted: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);\nCREATE TABLE book \(definition);",
            steps: [Self.rebuild("book", definition, "id, author_id, title")],
            kept: Self.kept("book", ["id", "author_id", "title"]))
        let aside = try #require(verification.setAside.first { $0.table == "book" })
        #expect(aside.reason == "their foreign key matches no row of author")
        #expect(aside.description.hasPrefix("\(aside.count) generated row"))
        // The row (1, 1, 'x') and the generated rows whose author_id is NULL or matches are compared.
        #expect(verification.rowsCompared > 0)
        #expect(verification.tablesNotProvenOnData.isEmpty)
    }

    @Test("a new UNIQUE index keeps the first row of each duplicate set and sets aside the others")
    func newUniqueIndex() throws {
        let initial = """
            CREATE TABLE account (id INTEGER PRIMARY KEY, handle TEXT NOT NULL);
            INSERT INTO account VALUES (1, 'a'), (2, 'a'), (3, 'a'), (4, 'b');

            """
        let table = "CREATE TABLE account (id INTEGER PRIMARY KEY, handle TEXT NOT NULL);\n"
        let index = "CREATE UNIQUE INDEX account_handle ON account (handle)"
        let verification = try Self.verify(
            initial: initial, wanted: table + index + ";",
            steps: [SchemaPlanStep(.createIndex, name: "account_handle", statements: [index])],
            kept: Self.kept("account", ["id", "handle"]))
        let aside = try #require(verification.setAside.first)
        #expect(aside.table == "account" && aside.reason == "UNIQUE constraint failed: account.handle")
        // 2 of the 'a' rows at least; generated handles may collide too.
        #expect(aside.count >= 2)
        #expect(verification.rowsCompared >= 2)
    }

    @Test("a parent gaining a CHECK: its refused rows and the children that refer to them are set aside, no more")
    func checkWithChildren() throws {
        let initial = """
            CREATE TABLE p (id INTEGER PRIMARY KEY, v INTEGER);
            CREATE TABLE c (id INTEGER PRIMARY KEY, p_id INTEGER REFERENCES p (id) ON DELETE CASCADE);
            INSERT INTO p VALUES (1, 5), (2, -1);
            INSERT INTO c VALUES (10, 2), (11, 1);

            """
        let definition = "(id INTEGER PRIMARY KEY, v INTEGER CHECK (v > 0))"
        let wanted =
            "CREATE TABLE p \(definition);\n"
            + "CREATE TABLE c (id INTEGER PRIMARY KEY, p_id INTEGER REFERENCES p (id) ON DELETE CASCADE);"
        let verification = try Self.verify(
            initial: initial, wanted: wanted, steps: [Self.rebuild("p", definition, "id, v")],
            kept: Self.kept("p", ["id", "v"]))
        let parents = try #require(verification.setAside.first { $0.table == "p" })
        #expect(parents.reason == "CHECK constraint failed: v > 0")
        let children = try #require(verification.setAside.first { $0.table == "c" })
        #expect(children.reason == "they refer to rows of p set aside")
        #expect(verification.rowsCompared > 0)
    }

    @Test("a table without rowid gaining a CHECK: rows are named by their primary key")
    func withoutRowID() throws {
        let initial = """
            CREATE TABLE kv (k TEXT, n INTEGER, v INTEGER, PRIMARY KEY (k, n)) WITHOUT ROWID;
            INSERT INTO kv VALUES ('a', 1, 1), ('a', 2, -1), ('b', 1, 3);

            """
        let definition = "(k TEXT, n INTEGER, v INTEGER CHECK (v > 0), PRIMARY KEY (k, n)) WITHOUT ROWID"
        let verification = try Self.verify(
            initial: initial, wanted: "CREATE TABLE kv \(definition);",
            steps: [Self.rebuild("kv", definition, "k, n, v", rowid: false)], kept: Self.kept("kv", ["k", "n", "v"]))
        let aside = try #require(verification.setAside.first)
        #expect(aside.table == "kv" && aside.reason == "CHECK constraint failed: v > 0")
        #expect(verification.rowsCompared >= 2)
    }

    @Test("a CHECK no row passes: every row set aside, and the table is said not proven on data")
    func noRowLeft() throws {
        let initial = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO t VALUES (1, 'x');\n"
        let definition = "(id INTEGER PRIMARY KEY, name TEXT CHECK (typeof(id) = 'text'))"
        let verification = try Self.verify(
            initial: initial, wanted: "CREATE TABLE t \(definition);",
            steps: [Self.rebuild("t", definition, "id, name")],
            kept: Self.kept("t", ["id", "name"]))
        #expect(verification.tablesNotProvenOnData == ["t"])
        #expect(verification.rowsCompared == 0)
        #expect(verification.setAside.map(\.table) == ["t"])
        let header = PlanHeader.lines(
            SchemaPlan(steps: [Self.rebuild("t", definition, "id, name")]), verification: verification, database: "app",
            version: 2, words: ["change", "t"])
        #expect(header.contains("Not proven on data (no row of it was left to run on): t."))
    }

    @Test("the tables a plan changes are named by table, also for ADD COLUMN (whose step names table.column)")
    func tablesChanged() {
        let plan = SchemaPlan(steps: [
            SchemaPlanStep.addingColumn("n", to: "ch ild", statement: "ALTER TABLE \"ch ild\" ADD COLUMN n INTEGER"),
            Self.rebuild("t", "(id INTEGER PRIMARY KEY)", "id"),
            SchemaPlanStep(.createIndex, name: "t_id", statements: ["CREATE INDEX t_id ON t (id)"]),
        ])
        #expect(PlanVerifier.tablesChanged(by: plan) == ["ch ild", "t"])
    }
}
