import Kiln
import Testing

/// The splitter asks SQLite only about statements that can hold a trigger body, and a script runs from its
/// own bytes one statement at a time; both must keep splitting exactly as SQLite does.
@Suite("Statements split and run in place")
struct StatementSplitInPlaceTests {
    /// The splitter's rule before it skipped SQLite for most statements: a `;` ends a statement wherever
    /// `sqlite3_complete` says the text from the statement's first token is complete.
    private func reference(_ sql: String) -> [String] {
        var lexer = SQLLexer(sql)
        let bytes = lexer.bytes
        var result: [String] = []
        var start: Int?
        var end = 0
        var position = 0
        while let token = lexer.nextToken(from: &position) {
            if token.kind == .semicolon, let first = start,
                SQLiteGrammar.isComplete(bytes[first..<token.range.upperBound])
            {
                result.append(String(decoding: bytes[first..<token.range.upperBound], as: UTF8.self))
                start = nil
                continue
            }
            if token.kind == .semicolon && start == nil { continue }
            if start == nil { start = token.range.lowerBound }
            end = token.range.upperBound
        }
        if let first = start { result.append(String(decoding: bytes[first..<end], as: UTF8.self)) }
        return result
    }

    private func split(_ sql: String) -> [String] {
        var lexer = SQLLexer(sql)
        let bytes = lexer.bytes
        return SQLStatementSplitter.statements(of: &lexer).map { String(decoding: bytes[$0.range], as: UTF8.self) }
    }

    @Test(
        "the split equals sqlite3_complete's at every ;",
        arguments: [
            "create temp trigger g after insert on t begin select 1; select 2; end; select 3;",
            "CrEaTe TeMpOrArY TrIgGeR g AFTER INSERT ON t BEGIN SELECT 1; END; SELECT 2",
            "EXPLAIN CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END; SELECT 2;",
            "explain query plan select 1; SELECT 'CREATE TRIGGER x BEGIN'; SELECT 2;",
            "/* c; */ CREATE TABLE t (x); -- create trigger;\nCREATE TRIGGER g BEGIN SELECT ';'; END;;",
            "\"create\" trigger; SELECT [create]; `explain` x; create view v as select 1; end;",
            "CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; SELECT 2",
            "WITH c AS (SELECT 1) SELECT * FROM c; UPDATE t SET x = 'end;'; DELETE FROM t;",
        ])
    func agreesWithComplete(sql: String) {
        #expect(split(sql) == reference(sql))
    }

    @Test("a script with comments, blank text and a trigger between statements runs from its own bytes")
    func runsInPlace() throws {
        let sql = """
            -- leading comment; with a semicolon
            CREATE TABLE t (x);   /* between; */
            CREATE TABLE log (x);
            create trigger g after insert on t begin insert into log values (new.x); insert into log values (-new.x); end;

            INSERT INTO t VALUES (1);;
            INSERT INTO t VALUES (2) -- no closing semicolon
            """
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: sql)
        #expect(try db.integer(sql: "SELECT count(*) FROM t") == 2)
        #expect(try db.integer(sql: "SELECT count(*) FROM log") == 4)
    }

    @Test("a loaded migration lists its statements on demand, as the splitter finds them")
    func migrationStatementsOnDemand() throws {
        let sql =
            "CREATE TABLE t (x);\nCREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END;\nINSERT INTO t VALUES (1)"
        let set = try MigrationSet(database: "d", directoryPath: "m", files: [("0001_a.sql", Array(sql.utf8))])
        let migration = try #require(set.migration(version: 1))
        var lexer = SQLLexer(sql)
        #expect(migration.statements == SQLStatementSplitter.statements(of: &lexer))
        #expect(migration.statements.count == 3)
    }

    @Test("an error in a later statement is placed after the blank text and comments before it")
    func errorLocation() throws {
        let sql = "CREATE TABLE t (x);\n\n/* note; */  INSERT INTO t VALUES (1);\n  INSERT INTO nowhere VALUES (1);\n"
        let set = try MigrationSet(database: "d", directoryPath: "m", files: [("0001_a.sql", Array(sql.utf8))])
        let db = try SQLiteConnection(path: ":memory:")
        do {
            try Migrator(migrations: set).migrate(db)
            Issue.record("the migration should fail")
        } catch let error as MigrationError {
            #expect(error.location == SourceLocation(path: "m/0001_a.sql", line: 4, column: 15))
        }
    }
}
