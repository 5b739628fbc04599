import Foundation
import Kiln
import Testing

@Suite("SQLite's authorizer, observed")
struct SQLiteAuthorizerTests {
    @Test("each table and column a statement, its trigger and a view read or write is told, with the trigger or view")
    func readsAndWrites() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(
            sql: """
                CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE log (name TEXT);
                CREATE TRIGGER item_log AFTER UPDATE ON item BEGIN INSERT INTO log SELECT new.name; END;
                CREATE VIEW names AS SELECT name FROM item;
                """)
        var seen: [SQLiteAuthorization] = []
        try connection.observingAuthorizations({ seen.append($0) }) {
            try connection.execute(sql: "UPDATE item SET name = upper(name) WHERE name IN (SELECT name FROM names)")
        }
        #expect(seen.contains(SQLiteAuthorization(action: .update, first: "item", second: "name", database: "main")))
        #expect(seen.contains(SQLiteAuthorization(action: .function, second: "upper")))
        #expect(
            seen.contains(SQLiteAuthorization(action: .insert, first: "log", database: "main", trigger: "item_log")))
        #expect(seen.contains { $0.action == .read && $0.first == "item" && $0.trigger == "names" })
        // Nothing is told once the body has returned, and statements still run.
        let count = seen.count
        try connection.execute(sql: "INSERT INTO item (name) VALUES ('x')")
        #expect(seen.count == count)
    }

    @Test("the authorizer is removed when the body throws, and the error is the body's")
    func removedOnError() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        var seen = 0
        #expect(throws: SQLiteError.self) {
            try connection.observingAuthorizations({ _ in seen += 1 }) {
                try connection.execute(sql: "CREATE TABLE t (a); SELECT nothing FROM t")
            }
        }
        let before = seen
        #expect(before > 0)
        try connection.execute(sql: "INSERT INTO t VALUES (1)")
        #expect(seen == before)
    }
}
