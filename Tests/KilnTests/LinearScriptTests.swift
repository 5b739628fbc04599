import Foundation
import Kiln
import Testing

/// Long scripts split and run statement by statement.
@Suite("Long scripts are linear")
struct LinearScriptTests {
    /// `count` INSERT statements into `t`, about 62 bytes each.
    static func script(_ count: Int) -> String {
        var text = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, qty INTEGER);\n"
        text.reserveCapacity(count * 64)
        for index in 0..<count { text += "INSERT INTO t (id, name, qty) VALUES (\(index), 'name \(index)', 7);\n" }
        return text
    }

    // Cost is measured by scripts/bench-large-inputs.sh (release build: a 108 MB migration under a time bound
    // and a memory bound proportional to the file), run by hand, not here: a timed unit test fails on a
    // loaded machine without any change to the code.

    @Test("a long script splits into every one of its statements")
    func splitFindsEach() {
        var lexer = SQLLexer(bytes: Array(Self.script(40_000).utf8))
        #expect(SQLStatementSplitter.statements(of: &lexer).count == 40_001)
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
