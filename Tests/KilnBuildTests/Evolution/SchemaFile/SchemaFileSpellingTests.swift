import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// The schema file written for a database named `test` whose only migration is `sql`.
private func written(_ sql: String) throws -> SchemaFile.Contents {
    let migrator = Migrator(migrations: try migrationSet("test", [("0001_init.sql", sql + "\n")]))
    return try SchemaFile.contents(for: "test", migrator: migrator, header: [], diagram: false)
}

@Suite("The schema file's bytes do not depend on how the migrations spelled the schema")
struct SchemaFileSpellingTests {
    @Test("a column named with a keyword, bare or quoted, and new.key or new.\"key\", give the same file")
    func keywordNames() throws {
        let bare = try written(
            """
            CREATE TABLE event (id INTEGER PRIMARY KEY, start INT, "end" INT, key TEXT);
            CREATE TABLE log (id INTEGER PRIMARY KEY, msg TEXT);
            CREATE TRIGGER event_log AFTER INSERT ON event BEGIN
              INSERT INTO log(msg) VALUES (CASE WHEN new.key IS NULL THEN 'x' ELSE 'y' END); END;
            """)
        let quoted = try written(
            """
            create table event (id integer primary key, start int, "end" int, "key" text);
            create table log (id integer primary key, msg text);
            create trigger event_log after insert on event begin insert into log(msg) values
              (case when new."key" is null then 'x' else 'y' end); end;
            """)
        #expect(bare.sql == quoted.sql)
        #expect(bare.sql.contains("    \"key\" TEXT\n"), "\(bare.sql)")
        #expect(
            bare.sql.contains(
                """
                BEGIN
                    INSERT INTO log(msg) VALUES (CASE WHEN new."key" IS NULL THEN 'x' ELSE 'y' END);
                END;
                """), "\(bare.sql)")
    }

    @Test("a table and column named begin keep the trigger's body one statement per line, BEGIN and END in capitals")
    func tableNamedBegin() throws {
        let lower = try written(
            """
            create table begin (begin int, "end" int);
            create trigger t2 after update of begin on begin begin select 1; end;
            """)
        let upper = try written(
            """
            CREATE TABLE "begin" ("begin" INT, "end" INT);
            CREATE TRIGGER t2 AFTER UPDATE OF "begin" ON "begin" BEGIN SELECT 1; END;
            """)
        #expect(lower.sql == upper.sql)
        #expect(
            lower.sql.hasSuffix(
                "CREATE TRIGGER t2 AFTER UPDATE OF \"begin\" ON \"begin\" BEGIN\n    SELECT 1;\nEND;\n"), "\(lower.sql)"
        )
    }

    @Test("GENERATED … stored is written STORED")
    func storedInCapitals() throws {
        let file = try written(
            "CREATE TABLE t (a INT, b INT GENERATED ALWAYS AS (a + 1) stored, c INT AS (a) virtual);")
        #expect(
            file.sql.contains("b INT GENERATED ALWAYS AS (a + 1) STORED,\n    c INT AS (a) VIRTUAL\n"), "\(file.sql)")
    }

    @Test("a keyword that names a column and is also used as a keyword elsewhere still reads back the same")
    func keywordUsedBothWays() throws {
        let file = try written(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, desc TEXT, asc TEXT);
            CREATE VIEW v AS SELECT id, desc FROM t ORDER BY asc DESC, id ASC;
            CREATE INDEX t_desc ON t (desc DESC);
            """)
        let migrator = Migrator(migrations: try migrationSet("test", [("0001_empty.sql", "-- nothing yet\n")]))
        let loaded = try SchemaFile.load(
            SourceText(path: "schema/test.sql", bytes: Array(file.sql.utf8)), preparedLike: migrator)
        #expect(try SchemaModel.read(from: loaded) == file.model)
    }

    @Test("views come after the views they read, as SQLite says; a column alias spelled like a view is no dependency")
    func viewOrder() throws {
        let file = try written(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, qty INT);
            CREATE VIEW totals AS SELECT sum(qty) AS report FROM item;
            CREATE VIEW report AS SELECT report FROM totals;
            CREATE VIEW a_last AS SELECT * FROM report JOIN totals USING (report);
            """)
        let views = file.sql.split(separator: "\n").filter { $0.hasPrefix("CREATE VIEW") }.map {
            $0.split(separator: " ")[2]
        }
        #expect(views == ["totals", "report", "a_last"], "\(file.sql)")
    }

    @Test("a column named with a reserved word (from, order) leaves FROM and ORDER BY keywords on their own lines")
    func reservedWordNames() throws {
        let file = try written(
            """
            CREATE TABLE "order" (id INTEGER PRIMARY KEY, "from" TEXT);
            create view v as select "from" from "order" order by "from";
            """)
        #expect(
            file.sql.hasSuffix("CREATE VIEW v AS\n    SELECT \"from\"\n    FROM \"order\"\n    ORDER BY \"from\";\n"),
            "\(file.sql)")
    }
}
