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

    @Test("only changes exact for every value are widening; those whose losses show row by row are guarded")
    func changes() {
        #expect(TypeAffinity.integer.change(to: .text, holdsOnlyIntegers: true) == .widening)
        #expect(TypeAffinity.integer.change(to: .numeric) == .widening)
        #expect(TypeAffinity.numeric.change(to: .integer) == .widening)
        #expect(TypeAffinity.text.change(to: .blob) == .same)
        #expect(TypeAffinity.real.change(to: .blob) == .same)
        #expect(TypeAffinity.integer.change(to: .real) == .guarded(.integersBeyondReal))
        #expect(TypeAffinity.numeric.change(to: .real) == .guarded(.integersBeyondReal))
        // An ordinary INTEGER column keeps 1.5 as a REAL, which TEXT renders with 15 digits.
        #expect(TypeAffinity.integer.change(to: .text) == .guarded(.realsBeyondText))
        #expect(TypeAffinity.real.change(to: .text) == .guarded(.realsBeyondText))
        #expect(TypeAffinity.numeric.change(to: .text) == .guarded(.realsBeyondText))
        #expect(TypeAffinity.real.change(to: .numeric) == .narrowing)
        #expect(TypeAffinity.text.change(to: .integer) == .narrowing)
        #expect(TypeAffinity.text.change(to: .numeric) == .narrowing)
        #expect(TypeAffinity.real.change(to: .integer) == .narrowing)
        #expect(TypeAffinity.blob.change(to: .text) == .narrowing)
    }

    @Test("NUMERIC and INTEGER store every value alike: asked of SQLite, then planned without a flag")
    func numericToInteger() throws {
        let values = "(1), (1.5), (3.0), ('x'), ('12'), (' 12 '), ('1e2'), (x'00'), (1e20), ('0x10')"
        let setup = try PlannerCase(
            "CREATE TABLE m (v NUMERIC); INSERT INTO m VALUES \(values); CREATE TABLE o (v INTEGER);"
                + "INSERT INTO o SELECT v FROM m;",
            "CREATE TABLE m (v INT); CREATE TABLE o (v INTEGER);")
        let before = try setup.rows("SELECT quote(v), typeof(v) FROM m ORDER BY rowid")
        #expect(before == (try setup.rows("SELECT quote(v), typeof(v) FROM o ORDER BY rowid")))
        let plan = try setup.apply()
        #expect(plan.risks.isEmpty && plan.placeholders.isEmpty)
        #expect(try setup.rows("SELECT quote(v), typeof(v) FROM m ORDER BY rowid") == before)
    }

    @Test("INTEGER → REAL, REAL → TEXT and NUMERIC → TEXT are guarded copies: a risk to allow, no placeholder")
    func guardedConversions() throws {
        let planner = try PlannerCase(
            """
            CREATE TABLE m (id INTEGER PRIMARY KEY, big INTEGER, r REAL, n NUMERIC);
            INSERT INTO m VALUES (1, 9007199254740992, 0.5, 'x'), (2, -9007199254740992, 1e300, 1.5);
            """,
            "CREATE TABLE m (id INTEGER PRIMARY KEY, big REAL, r TEXT, n TEXT);")
        let error = try #require(throws: SchemaPlanError.self) { try planner.plan() }
        #expect(
            error.reason
                == .dataLossRefused([
                    "rows of \"m\" whose \"big\" holds an integer beyond 2^53 (REAL would round it) make this "
                        + "migration fail and roll back, so clean them in this migration before the copy if they can "
                        + "exist; rows of \"m\" whose \"r\" holds a real that TEXT would change (its 15-digit text "
                        + "reads back as another number) make this migration fail and roll back, so clean them in "
                        + "this migration before the copy if they can exist; rows of \"m\" whose \"n\" holds a real "
                        + "that TEXT would change (its 15-digit text reads back as another number) make this "
                        + "migration fail and roll back, so clean them in this migration before the copy if they can "
                        + "exist"
                ]))
        let plan = try planner.apply(SchemaPlanOptions(allowsDataLoss: true))
        #expect(plan.placeholders.isEmpty)
        #expect(
            plan.risks.contains(.mayFail(table: "m", constraint: .inexactValues(column: "big", .integersBeyondReal))))
        #expect(
            try planner.rows("SELECT big, typeof(big), r, typeof(r), n FROM m ORDER BY id") == [
                "9007199254740992.0|real|0.5|text|x", "-9007199254740992.0|real|1.0e+300|text|1.5",
            ])
    }

    @Test(
        "a guarded copy stops at a value it would change, naming table, column and value",
        arguments: [
            (
                "big INTEGER", "big REAL", "9007199254740993",
                "kiln stopped converting \"m\".\"big\": 9007199254740993 would become 9007199254740992.0 as REAL"
            ),
            (
                "big INTEGER", "big REAL", "9223372036854775807",
                "kiln stopped converting \"m\".\"big\": 9223372036854775807 would become 9.2233720368547758e+18 as REAL"
            ),
            (
                "big REAL", "big TEXT", "0.1 + 0.2",
                "kiln stopped converting \"m\".\"big\": 0.30000000000000004 would become 0.3 as TEXT"
            ),
            (
                "big INTEGER", "big TEXT", "1.0 / 3",
                "kiln stopped converting \"m\".\"big\": 0.33333333333333331 would become 0.333333333333333 as TEXT"
            ),
        ])
    func guardStops(from: String, to: String, value: String, message: String) throws {
        let planner = try PlannerCase(
            "CREATE TABLE m (id INTEGER PRIMARY KEY, \(from)); INSERT INTO m VALUES (1, 1), (2, \(value));",
            "CREATE TABLE m (id INTEGER PRIMARY KEY, \(to));")
        let failure = try #require(try planner.applyFails(SchemaPlanOptions(allowsDataLoss: true)))
        #expect(failure.message.contains("'\(message)'"), "\(failure.message)")
        #expect(ConversionGuard.isFailure(failure.message))
        #expect(!failure.code.matches(.constraint))
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
