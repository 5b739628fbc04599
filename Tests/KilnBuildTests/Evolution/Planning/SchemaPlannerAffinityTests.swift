import Kiln
import Testing

@testable import KilnBuild

@Suite("SchemaPlanner: type affinities asked of SQLite")
struct SchemaPlannerAffinityTests {
    @Test(
        "declared types get SQLite's affinity",
        arguments: [
            ("INTEGER", TypeAffinity.integer), ("BIGINT", .integer), ("VARCHAR(20)", .text), ("CLOB", .text),
            ("", .blob), ("BLOB", .blob), ("DOUBLE PRECISION", .real), ("FLOAT", .real), ("DECIMAL(10,2)", .numeric),
            ("BOOLEAN", .numeric), ("DATETIME", .numeric), ("MY)TYPE", .numeric),
        ])
    func affinity(type: String, expected: TypeAffinity) throws {
        let connection = try SQLiteConnection(path: ":memory:")
        #expect(TypeAffinity.of(type, isStrict: false, on: connection) == expected)
    }

    @Test("only changes exact for every value are widening")
    func changes() {
        #expect(TypeAffinity.integer.change(to: .text, holdsOnlyIntegers: true) == .widening)
        #expect(TypeAffinity.integer.change(to: .numeric) == .widening)
        #expect(TypeAffinity.text.change(to: .blob) == .same)
        #expect(TypeAffinity.real.change(to: .blob) == .same)
        // An ordinary INTEGER column keeps 1.5 as a REAL, which TEXT renders with 15 digits.
        #expect(TypeAffinity.integer.change(to: .text) == .narrowing)
        #expect(TypeAffinity.integer.change(to: .real) == .narrowing)
        #expect(TypeAffinity.real.change(to: .text) == .narrowing)
        #expect(TypeAffinity.numeric.change(to: .text) == .narrowing)
        #expect(TypeAffinity.real.change(to: .numeric) == .narrowing)
        #expect(TypeAffinity.text.change(to: .integer) == .narrowing)
        #expect(TypeAffinity.real.change(to: .integer) == .narrowing)
        #expect(TypeAffinity.numeric.change(to: .real) == .narrowing)
        #expect(TypeAffinity.blob.change(to: .text) == .narrowing)
    }

    @Test("the reviewer's values change under INTEGER → REAL, REAL → TEXT and NUMERIC → TEXT: placeholders")
    func lossyConversions() throws {
        let planner = try PlannerCase(
            """
            CREATE TABLE m (id INTEGER PRIMARY KEY, big INTEGER, r REAL, n NUMERIC);
            INSERT INTO m VALUES (1, 9007199254740993, 0.1 + 0.2, 1.0 / 3);
            """,
            "CREATE TABLE m (id INTEGER PRIMARY KEY, big REAL, r TEXT, n TEXT);")
        #expect(throws: SchemaPlanError.self) { try planner.plan() }
        let plan = try planner.plan(SchemaPlanOptions(allowsDataLoss: true))
        #expect(
            plan.placeholders.map(\.description) == [
                "convert \"big\" from INTEGER to REAL", "convert \"r\" from REAL to TEXT",
                "convert \"n\" from NUMERIC to TEXT",
            ])
        #expect(plan.dataLosses.count == 1)
        #expect(
            plan.risks.contains(
                .changesValues(table: "m", column: "big", change: .narrowsType(from: "INTEGER", to: "REAL"))))
        // What the stand-ins (the plain columns) do to the values is what the placeholders are there for.
        try planner.apply(SchemaPlanOptions(allowsDataLoss: true))
        #expect(try planner.rows("SELECT big = 9007199254740993, r, n FROM m") == ["0|0.3|0.333333333333333"])
    }

    @Test("a STRICT INTEGER column becomes TEXT exactly; an ordinary one needs a conversion")
    func integerToText() throws {
        let strict = try PlannerCase(
            "CREATE TABLE m (id INTEGER PRIMARY KEY, v INTEGER) STRICT; INSERT INTO m VALUES (1, 9007199254740993);",
            "CREATE TABLE m (id INTEGER PRIMARY KEY, v TEXT) STRICT;")
        #expect(try strict.apply().placeholders.isEmpty)
        #expect(try strict.rows("SELECT v, typeof(v) FROM m") == ["9007199254740993|text"])
        let ordinary = try PlannerCase(
            "CREATE TABLE m (id INTEGER PRIMARY KEY, v INTEGER); INSERT INTO m VALUES (1, 0.1 + 0.2);",
            "CREATE TABLE m (id INTEGER PRIMARY KEY, v TEXT);")
        #expect(throws: SchemaPlanError.self) { try ordinary.plan() }
        let integerToNumeric = try PlannerCase(
            "CREATE TABLE m (id INTEGER PRIMARY KEY, v INTEGER); INSERT INTO m VALUES (1, 1.5), (2, 'x'), (3, 7);",
            "CREATE TABLE m (id INTEGER PRIMARY KEY, v NUMERIC);")
        #expect(try integerToNumeric.apply().placeholders.isEmpty)
        #expect(try integerToNumeric.rows("SELECT v FROM m ORDER BY id") == ["1.5", "x", "7"])
    }
}
