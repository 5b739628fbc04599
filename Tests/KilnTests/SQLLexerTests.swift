import Kiln
import Testing

@Suite("SQL lexer and statement splitter")
struct SQLLexerTests {
    private func statements(_ sql: String) -> [String] {
        var lexer = SQLLexer(sql)
        let bytes = Array(sql.utf8)
        return SQLStatementSplitter.statements(of: &lexer).map { String(decoding: bytes[$0.range], as: UTF8.self) }
    }

    @Test("semicolons in strings, identifiers and comments do not end a statement")
    func quotedSemicolons() {
        let sql = """
            INSERT INTO t VALUES ('a;b', "c;d", [e;f], `g;h`); -- a comment; with a semicolon
            /* block; comment */ SELECT 'it''s;';
            """
        #expect(statements(sql) == ["INSERT INTO t VALUES ('a;b', \"c;d\", [e;f], `g;h`);", "SELECT 'it''s;';"])
    }

    @Test("a trigger body's statements stay inside CREATE TRIGGER")
    func triggerBodies() {
        let sql = """
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN
              INSERT INTO log VALUES (new.id);
              UPDATE t SET n = n + 1 WHERE id = new.id;
            END;
            SELECT 1;
            """
        let result = statements(sql)
        #expect(result.count == 2)
        #expect(result[0].hasPrefix("CREATE TRIGGER") && result[0].hasSuffix("END;"))
        #expect(result[1] == "SELECT 1;")
    }

    @Test("the last statement may lack its semicolon; empty statements vanish")
    func lastStatement() {
        #expect(statements(";; SELECT 1;;\nSELECT 2 -- done") == ["SELECT 1;", "SELECT 2"])
        #expect(statements("-- only a comment\n/* and another */").isEmpty)
    }

    @Test("the splitter agrees with SQLite's own prepare-and-tail split")
    func agreesWithSQLite() throws {
        let sql = """
            CREATE TABLE t (id INTEGER PRIMARY KEY, n, s TEXT DEFAULT ';');
            CREATE TABLE log (id);
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.id); END;
            INSERT INTO t (n) VALUES (x'3B'), (1.5e3), (-- ; comment
            2);
            CREATE VIEW v AS SELECT * FROM t WHERE s = ';' AND n->>'$.a' IS NULL;
            """
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: sql)
        #expect(try db.integer(sql: "SELECT count(*) FROM log") == 3)
        #expect(statements(sql).count == 5)
    }

    @Test("tokens: identifiers are unquoted, keywords compare without case, unterminated tokens are reported")
    func tokens() {
        var lexer = SQLLexer("select \"a\"\"b\", [c d], `e` from t /* open")
        let tokens = lexer.tokens()
        #expect(lexer.isWord(tokens[0], "SELECT"))
        #expect(lexer.identifier(of: tokens[1]) == "a\"b")
        #expect(lexer.identifier(of: tokens[3]) == "c d")
        #expect(lexer.identifier(of: tokens[5]) == "e")
        #expect(lexer.problems.map(\.message) == ["unterminated block comment"])
        #expect(lexer.problems.map(\.offset) == [33])
    }

    @Test("normalization ignores comments, white space and keyword case, but not identifiers or literals")
    func normalize() {
        #expect(
            SQLNormalizer.normalize("create  table t(\n a integer, -- x\n b text default 'X' )")
                == "CREATE TABLE t (a integer, b text DEFAULT 'X')")
        #expect(SQLNormalizer.normalize("SELECT 'a'") != SQLNormalizer.normalize("SELECT 'A'"))
    }
}
