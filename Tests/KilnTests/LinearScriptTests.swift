import Foundation
import Kiln
import Testing

/// Running and splitting a long script takes time in proportion to its length: neither SQLite's prepare nor
/// the splitter re-reads what comes before or after the statement at hand.
@Suite("Long scripts are linear")
struct LinearScriptTests {
    /// `count` INSERT statements into `t`, about 62 bytes each.
    static func script(_ count: Int) -> String {
        var text = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, qty INTEGER);\n"
        text.reserveCapacity(count * 64)
        for index in 0..<count { text += "INSERT INTO t (id, name, qty) VALUES (\(index), 'name \(index)', 7);\n" }
        return text
    }

    /// The fastest of three runs of `body`, in seconds.
    static func fastest(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    @Test("running 4x the statements takes well under 16x the time (a 5 MB script)")
    func executeIsLinear() throws {
        let small = Self.script(20_000)
        let large = Self.script(80_000)
        let run = { (sql: String) throws in
            let connection = try SQLiteConnection(path: ":memory:")
            try connection.execute(sql: sql)
        }
        let smallTime = try Self.fastest { try run(small) }
        let largeTime = try Self.fastest { try run(large) }
        #expect(largeTime / smallTime < 6, "\(smallTime) s for 1x, \(largeTime) s for 4x")
    }

    @Test("splitting 4x the statements takes well under 16x the time, and finds each one")
    func splitIsLinear() {
        let small = Array(Self.script(10_000).utf8)
        let large = Array(Self.script(40_000).utf8)
        var found = 0
        let split = { (bytes: [UInt8]) in
            var lexer = SQLLexer(bytes: bytes)
            found = SQLStatementSplitter.statements(of: &lexer).count
        }
        let smallTime = Self.fastest { split(small) }
        #expect(found == 10_001)
        let largeTime = Self.fastest { split(large) }
        #expect(found == 40_001)
        #expect(largeTime / smallTime < 6, "\(smallTime) s for 1x, \(largeTime) s for 4x")
    }

    @Test("statements keep their tokens without holding them: a trigger's inner ; stays inside it")
    func tokensOnDemand() {
        var lexer = SQLLexer(
            "CREATE TABLE t (x);\nCREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;\nSELECT 3")
        let statements = SQLStatementSplitter.statements(of: &lexer)
        #expect(statements.count == 3)
        #expect(statements[0].tokens.map { lexer.text(of: $0) } == ["CREATE", "TABLE", "t", "(", "x", ")"])
        #expect(statements[1].tokens.filter { $0.kind == .semicolon }.count == 2)
        #expect(statements[1].tokens.last.map { lexer.text(of: $0) } == "END")
        #expect(statements[2].tokens.map { lexer.text(of: $0) } == ["SELECT", "3"])
    }
}
