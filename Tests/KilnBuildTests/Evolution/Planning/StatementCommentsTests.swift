import Kiln
import Testing

@testable import KilnBuild

/// ``StatementComments``: a stored statement without the comments written inside it, every token kept.
@Suite("StatementComments")
struct StatementCommentsTests {
    /// The texts of the tokens of `sql`, as SQLite's tokenizer splits it.
    static func tokens(_ sql: String) -> [String] {
        var lexer = SQLLexer(sql)
        return lexer.tokens().map(lexer.text(of:))
    }

    @Test(
        "comments go with the blanks they leave at a line's end, or their whole line; the layout stays",
        arguments: [
            (
                "CREATE TABLE t (\n    a INTEGER, -- note\n    b TEXT\n)",
                "CREATE TABLE t (\n    a INTEGER,\n    b TEXT\n)"
            ),
            ("CREATE TABLE t (\n    -- first\n    a INTEGER\n)", "CREATE TABLE t (\n    a INTEGER\n)"),
            ("CREATE TABLE t (\n    /* first */ a INTEGER\n)", "CREATE TABLE t (\n    a INTEGER\n)"),
            ("CREATE TABLE t (a /* x */ INTEGER)", "CREATE TABLE t (a INTEGER)"),
            ("CREATE TABLE t (a/* x */INTEGER)", "CREATE TABLE t (a INTEGER)"),
            ("CREATE TABLE t (a INTEGER /* x */)", "CREATE TABLE t (a INTEGER)"),
            ("CREATE TABLE t ( /* x */ a, b /* y */ , c)", "CREATE TABLE t (a, b, c)"),
            ("CREATE TABLE t (a CHECK (a > - /* x */ -1))", "CREATE TABLE t (a CHECK (a > - -1))"),
            ("CREATE TABLE t (\r\n  a, -- x\r\n  b\r\n)", "CREATE TABLE t (\r\n  a,\r\n  b\r\n)"),
            ("CREATE TABLE t (\r\n  -- x\r\n  b\r\n)", "CREATE TABLE t (\r\n  b\r\n)"),
            ("CREATE VIEW v AS SELECT 1 -- tail", "CREATE VIEW v AS SELECT 1"),
            ("CREATE TABLE t (a, /* one */ /* two */\n b)", "CREATE TABLE t (a,\n b)"),
        ])
    func layouts(sql: String, expected: String) {
        let statement = StatementComments(sql)
        #expect(statement.text == expected)
        #expect(Self.tokens(statement.text) == Self.tokens(sql))
    }

    @Test("strings and quoted names that hold -- or /* are data, kept byte for byte")
    func stringsAreData() {
        let sql = "CREATE TABLE \"a--b\" (x DEFAULT 'no -- comment', [y/*z*/] CHECK (x <> '/* still */'))"
        let statement = StatementComments(sql)
        #expect(statement.text == sql)
        #expect(statement.comments.isEmpty)
    }

    @Test("each comment's words come out on one line, markers and empty comments gone, in order")
    func words() {
        let sql = "CREATE TABLE t (\n  a, -- renamed from b\r\n  /* one\n   * two\n   */ c, --\n  d /**/\n) -- end"
        let statement = StatementComments(sql)
        #expect(statement.comments == ["renamed from b", "one * two", "end"])
        #expect(statement.text == "CREATE TABLE t (\n  a,\r\n  c,\n  d\n)")
    }

    @Test("a statement without comments is its own text")
    func unchanged() {
        let sql = "CREATE INDEX i ON t (a - -1, b)\n"
        #expect(StatementComments(sql).text == sql)
    }
}
