import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// The migrator of a database named `test` whose only migration is `sql`.
private func migrator(_ sql: String, doubleQuotedStrings: Bool = false) throws -> Migrator {
    var migrator = Migrator(migrations: try migrationSet("test", [("0001_init.sql", sql + "\n")]))
    migrator.doubleQuotedStringLiterals = doubleQuotedStrings
    return migrator
}

/// The schema file written for `migrator`, and an in-memory database made from that file.
private func written(_ migrator: Migrator) throws -> (sql: String, loaded: SQLiteConnection) {
    let contents = try SchemaFile.contents(for: "test", migrator: migrator, header: [], diagram: false)
    let source = SourceText(path: "schema/test.sql", bytes: Array(contents.sql.utf8))
    return (contents.sql, try SchemaFile.load(source, preparedLike: migrator))
}

/// The rows of `query` after `insert` on a database migrated by `migrator` and on one made from its schema file.
private func bothWays(_ migrator: Migrator, insert: String, query: String) throws -> (
    migrated: [[SQLiteValue]], fromFile: [[SQLiteValue]], sql: String
) {
    let migrated = try SQLiteConnection(path: ":memory:")
    try migrator.migrate(migrated)
    let (sql, loaded) = try written(migrator)
    try migrated.execute(sql: insert)
    try loaded.execute(sql: insert)
    return (try migrated.rows(sql: query), try loaded.rows(sql: query), sql)
}

@Suite("The schema file means what the migrations mean")
struct SchemaFileMeaningTests {
    @Test(
        "DEFAULT \"true\" stays the text 'true' and DEFAULT true the integer 1, with or without double-quoted strings",
        arguments: [false, true])
    func quotedDefaultWords(doubleQuotedStrings: Bool) throws {
        let words = ["true", "false", "null", "current_date", "current_time", "current_timestamp"]
        let columns = words.flatMap { ["q_\($0) DEFAULT \"\($0)\"", "b_\($0) DEFAULT \($0)"] }
        let create =
            "CREATE TABLE t (id INTEGER PRIMARY KEY, \(columns.joined(separator: ", ")), c TEXT DEFAULT \"abc\");"
        let result = try bothWays(
            try migrator(create, doubleQuotedStrings: doubleQuotedStrings), insert: "INSERT INTO t (id) VALUES (1);",
            query: "SELECT q_true, b_true, q_false, b_false, q_null, b_null, q_current_date, c FROM t")
        #expect(result.migrated == result.fromFile, "\(result.sql)")
        #expect(
            result.fromFile == [
                [
                    .text("true"), .integer(1), .text("false"), .integer(0), .text("null"), .null,
                    .text("current_date"),
                    .text("abc"),
                ]
            ])
        for word in words { #expect(result.sql.contains("DEFAULT \"\(word)\""), "\(word): \(result.sql)") }
    }

    @Test("a quoted value word as a column name stays a column in CHECKs, generated columns and triggers")
    func quotedValueWordColumns() throws {
        let sql = """
            CREATE TABLE t (id INTEGER PRIMARY KEY, "true" INT, "null" INT CHECK ("null" IS NOT NULL OR "true" > 0),
                g INT AS ("true" + 1), log INT);
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET log = new."true" WHERE id = new.id; END;
            """
        let result = try bothWays(
            try migrator(sql), insert: "INSERT INTO t (id, \"true\", \"null\") VALUES (1, 5, NULL);",
            query: "SELECT \"true\", \"null\", g, log FROM t")
        #expect(result.migrated == result.fromFile, "\(result.sql)")
        #expect(result.fromFile == [[.integer(5), .null, .integer(6), .integer(5)]])
    }

    @Test("a view whose column names come from expression text is written as stored, so its columns keep their names")
    func viewColumnNamesFromText() throws {
        let sql = """
            CREATE TABLE item (id INTEGER PRIMARY KEY, qty INT, name TEXT);
            CREATE VIEW doubled AS SELECT id, qty*2, name||'x', COUNT( * ) FROM item GROUP BY id;
            CREATE VIEW aliased AS SELECT id, qty*2 AS twice FROM item;
            """
        let (text, loaded) = try written(try migrator(sql))
        #expect(text.contains("CREATE VIEW doubled AS SELECT id, qty*2, name||'x', COUNT( * ) FROM item GROUP BY id;"))
        #expect(text.contains("CREATE VIEW aliased AS\n    SELECT id, qty * 2 AS twice\n    FROM item;"), "\(text)")
        let names = try loaded.rows(sql: "SELECT name FROM pragma_table_xinfo('doubled') ORDER BY cid")
        #expect(names == ["id", "qty*2", "name||'x'", "COUNT( * )"].map { [SQLiteValue.text($0)] })
    }
}
