import Kiln
import Testing

@testable import KilnBuild

/// Issue 27, item 6: the planned statements SQLite stores carry none of the comments written in the wanted
/// schema's statements, unless SQLite reads those comments as part of the definition.
@Suite("SchemaPlanner: comments in the wanted schema")
struct SchemaPlannerCommentsTests {
    /// Every stored statement of `connection`.
    static func stored(_ connection: SQLiteConnection) throws -> [String] {
        try connection.rows(sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL").map { "\($0[0])" }
    }

    @Test("a rebuild, a new table, index, view and trigger store no comment; each is a comment of its step")
    func noCommentStored() throws {
        let before = "CREATE TABLE t (a INTEGER NOT NULL, b TEXT); INSERT INTO t VALUES (1, 'x');"
        let after = """
            CREATE TABLE t (
                a INTEGER, -- relaxed
                b TEXT /* kiln:allow drop-table */
            );
            CREATE TABLE u (x /* any */, y -- last
            );
            CREATE INDEX t_b ON t (b -- by name
            );
            CREATE VIEW v AS SELECT a /* the key */ AS k FROM t -- all
            ;
            CREATE TRIGGER t_added AFTER INSERT ON t BEGIN
                -- count them
                INSERT INTO u (x) VALUES (new.a);
            END;
            """
        let setup = try PlannerCase(before, after)
        let plan = try setup.apply()
        for sql in try Self.stored(setup.current) {
            #expect(!sql.contains("--") && !sql.contains("/*"), "\(sql)")
        }
        let comments = plan.steps.map { $0.comments.filter { $0.hasPrefix("schema file comment: ") } }
        #expect(plan.steps.map(\.name) == ["u", "t", "t_b", "v", "t_added"])
        #expect(
            comments == [
                ["schema file comment: any", "schema file comment: last"],
                ["schema file comment: relaxed", "schema file comment: kiln:allow drop-table"],
                ["schema file comment: by name"], ["schema file comment: the key", "schema file comment: all"],
                ["schema file comment: count them"],
            ])
        // A comment that reads as a kiln:allow stays words: the step's own allow comments come last.
        #expect(plan.migrationText(header: []).contains("-- schema file comment: kiln:allow drop-table\n"))
    }

    @Test("a virtual table's arguments lose their comments; its rows are copied as for any FTS5 table made again")
    func virtualTable() throws {
        let before = "CREATE VIRTUAL TABLE doc USING fts5(body); INSERT INTO doc (rowid, body) VALUES (5, 'kiwi');"
        let after = "CREATE VIRTUAL TABLE doc USING fts5(body /* the text */, tokenize = 'trigram' -- substrings\n);"
        let setup = try PlannerCase(before, after)
        let plan = try setup.apply()
        #expect(
            plan.steps[0].statements[0] == "CREATE VIRTUAL TABLE \"new_doc\" USING fts5(body, tokenize = 'trigram'\n)")
        #expect(plan.steps[0].comments.contains("schema file comment: substrings"))
        #expect(try setup.rows("SELECT rowid FROM doc WHERE doc MATCH 'iwi'") == ["5"])
        // The wanted database is as it was: the statement was tried in a savepoint rolled back.
        #expect(try Self.stored(setup.wanted).contains { $0.contains("/* the text */") })
    }

    @Test("a comment between the words of a type is part of it (affinity): the statement keeps its comments")
    func typeComment() throws {
        let before = "CREATE TABLE t (a BIG /* int */ THING NOT NULL); INSERT INTO t VALUES ('12');"
        let setup = try PlannerCase(before, "CREATE TABLE t (a BIG /* int */ THING -- relaxed\n);")
        let plan = try setup.apply()
        #expect(plan.steps[0].statements[0].contains("BIG /* int */ THING -- relaxed"))
        #expect(plan.steps[0].comments.contains { $0.hasPrefix("its statement keeps the schema file's comments") })
        #expect(try setup.rows("SELECT typeof(a) FROM t") == ["integer"])
    }
}
