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

    @Test("which changes keep every value")
    func changes() {
        #expect(TypeAffinity.integer.change(to: .text) == .widening)
        #expect(TypeAffinity.integer.change(to: .real) == .widening)
        #expect(TypeAffinity.real.change(to: .numeric) == .widening)
        #expect(TypeAffinity.text.change(to: .blob) == .same)
        #expect(TypeAffinity.text.change(to: .integer) == .narrowing)
        #expect(TypeAffinity.real.change(to: .integer) == .narrowing)
        #expect(TypeAffinity.numeric.change(to: .real) == .narrowing)
        #expect(TypeAffinity.blob.change(to: .text) == .widening)
    }
}
