import Kiln
import Testing

@testable import KilnBuild

/// A table becoming STRICT (issue 27, item 3): STRICT refuses the values its column types cannot take, which an
/// ordinary column holds (an INTEGER column keeps `'abc'`, a TEXT column a blob), so it is a risk to allow, and
/// the copy converts such values through placeholders; a column whose values STRICT cannot refuse is copied as
/// it is.
@Suite("SchemaPlanner: becoming STRICT")
struct SchemaPlannerStrictTests {
    static let allowed = SchemaPlanOptions(allowsDataLoss: true)
    static let before = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, r REAL, s TEXT, b BLOB, a ANY);
        INSERT INTO t VALUES (1, 7, 1.5, 'x', x'01', 'kept'), (2, 'abc', 'text', x'02', 3, x'03');
        """
    static let after = "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, r REAL, s TEXT, b BLOB, a ANY) STRICT;"

    @Test("STRICT over rows its types refuse is refused without --allow-data-loss, naming each column")
    func refused() throws {
        let setup = try PlannerCase(Self.before, Self.after)
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        guard case .dataLossRefused(let losses) = error.reason else { throw error }
        let sentence = losses.joined(separator: "; ")
        #expect(
            sentence.contains(
                "\"t\" becomes STRICT, and its INTEGER column \"n\" refuses real, text or blob values: a placeholder "
                    + "converts them"), "\(sentence)")
        #expect(sentence.contains("its BLOB column \"b\" refuses integer, real or text values"))
        // ANY takes every value, and the rowid's alias holds only integers.
        #expect(!sentence.contains("\"a\"") && !sentence.contains("\"id\""))
        let plan = try setup.plan(Self.allowed)
        #expect(
            plan.risks.contains(
                .changesValues(
                    table: "t", column: "s", change: .refusedByStrict(type: "TEXT", classes: ["blob"]))))
    }

    @Test("allowed, each column STRICT can refuse is copied through a located placeholder for those values only")
    func placeholders() throws {
        let setup = try PlannerCase(Self.before, Self.after)
        let plan = try setup.plan(Self.allowed)
        #expect(
            plan.placeholders.map(\.description) == [
                "convert the real, text or blob values of \"n\", which STRICT INTEGER refuses",
                "convert the text or blob values of \"r\", which STRICT REAL refuses",
                "convert the blob values of \"s\", which STRICT TEXT refuses",
                "convert the integer, real or text values of \"b\", which STRICT BLOB refuses",
            ])
        let insert = try #require(plan.steps[0].statements.first { $0.hasPrefix("INSERT") })
        #expect(
            insert.contains(
                "CASE WHEN typeof(\"s\") IN ('blob') THEN kiln_placeholder('convert the blob values of \"s\", which "
                    + "STRICT TEXT refuses') ELSE \"s\" END"), "\(insert)")
        #expect(insert.contains(", \"a\" FROM"))
        // Each placeholder is placed in the file, where `kiln plan` points at it; the file does not run as it is.
        let file = plan.migrationFile(header: [])
        let bytes = Array(file.text.utf8)
        #expect(
            file.placeholders.map { String(decoding: bytes[$0.bytes], as: UTF8.self) } == plan.placeholders.map(\.sql))
        let scratch = try PlannerCase(Self.before, "")
        let failure = try #require(throws: SQLiteError.self) { try scratch.current.execute(sql: file.text) }
        #expect(failure.message == "no such function: kiln_placeholder")
        // With the stand-ins (casts), rows whose values STRICT takes keep them.
        try setup.apply(Self.allowed)
        #expect(try setup.rows("SELECT n, r, s, typeof(b), a FROM t WHERE id = 1") == ["7|1.5|x|blob|kept"])
        #expect(
            try setup.rows("SELECT typeof(n), typeof(r), typeof(s), typeof(b), typeof(a) FROM t WHERE id = 2") == [
                "integer|real|text|blob|blob"
            ])
    }

    @Test("a column STRICT cannot refuse needs nothing: ANY, the rowid's alias, a table STRICT already")
    func nothingToRefuse() throws {
        let any = try PlannerCase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a ANY, v BLOB); INSERT INTO t VALUES (1, 'x', 2.5);",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a ANY, v ANY) STRICT;")
        let plan = try any.apply()
        #expect(plan.risks.isEmpty && plan.placeholders.isEmpty)
        #expect(try any.rows("SELECT a, v FROM t") == ["x|2.5"])
        let strict = try PlannerCase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v INT, w TEXT) STRICT; INSERT INTO t VALUES (1, 2, 'x');",
            "CREATE TABLE t (w TEXT, id INTEGER PRIMARY KEY, v INT, z REAL) STRICT;")
        #expect(try strict.apply().risks.isEmpty)
        #expect(try strict.rows("SELECT id, v, w, z FROM t") == ["1|2|x|NULL"])
    }

    @Test("STRICT asked of SQLite: what an ordinary column holds, what a STRICT one takes without fail")
    func storage() {
        let storage = StrictStorage()
        let all = Set(StrictStorage.Class.allCases)
        #expect(storage.storage(declaredType: "BIGINT", affinity: .integer, isStrict: false).held == all)
        #expect(storage.storage(declaredType: "VARCHAR(9)", affinity: .text, isStrict: false).held == [.text, .blob])
        #expect(storage.storage(declaredType: "FLOAT", affinity: .real, isStrict: false).held == [.real, .text, .blob])
        #expect(
            storage.storage(declaredType: "REAL", affinity: .real, isStrict: true)
                == StrictStorage.Storage(held: [.real], accepted: [.integer, .real]))
        #expect(
            storage.storage(declaredType: "TEXT", affinity: .text, isStrict: true).accepted == [.integer, .real, .text])
        #expect(storage.storage(declaredType: "INT", affinity: .integer, isStrict: true).accepted == [.integer])
        #expect(storage.storage(declaredType: "ANY", affinity: .blob, isStrict: true).accepted == all)
    }
}
