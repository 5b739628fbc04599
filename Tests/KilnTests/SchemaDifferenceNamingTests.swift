import Kiln
import Testing

@Suite("schema comparison names tables and columns as SQLite does")
struct SchemaDifferenceNamingTests {
    private func schema(_ sql: String) throws -> SchemaSnapshot {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: sql)
        return try SchemaSnapshot.read(from: db)
    }

    @Test("tables é and É are two tables, and equal schemas have no difference")
    func nonASCIICaseIsNotFolded() throws {
        let sql = #"CREATE TABLE "é" (a TEXT); CREATE TABLE "É" (b INTEGER);"#
        #expect(SchemaDifference.compare(expected: try schema(sql), actual: try schema(sql)).isEmpty)
        let missing = SchemaDifference.compare(
            expected: try schema(sql), actual: try schema(#"CREATE TABLE "é" (a TEXT);"#))
        #expect(missing.map(\.name) == ["É"])
    }

    @Test("ASCII case is folded, as SQLite folds it")
    func asciiCaseIsFolded() throws {
        let differences = SchemaDifference.compare(
            expected: try schema("CREATE TABLE Item (Name TEXT)"), actual: try schema("CREATE TABLE item (name TEXT)"))
        #expect(differences.allSatisfy { $0.kind == .changed }, "\(differences)")
    }
}
