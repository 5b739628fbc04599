import Foundation
import Kiln
import Testing

@Suite("SQLite database images (serialize, deserialize)")
struct SQLiteSerializeTests {
    @Test("an image opens again as a database with the same schema, rows and header, and writes change only the copy")
    func roundTrip() throws {
        let source = try SQLiteConnection(path: ":memory:")
        try source.execute(
            sql:
                "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE); INSERT INTO t (name) VALUES ('a'), ('b'); PRAGMA user_version = 7"
        )
        let image = try source.serializedDatabase()
        #expect(image.count == Int(try source.integer(sql: "PRAGMA page_count") * 4096))
        #expect(Array(image.prefix(15)) == Array("SQLite format 3".utf8))
        let copy = try SQLiteConnection(deserializing: image)
        #expect(try copy.rows(sql: "SELECT name FROM t ORDER BY id") == [[.text("a")], [.text("b")]])
        #expect(try Migrator.version(of: copy) == 7)
        // The copy grows past the image's size and keeps its constraints; the source is untouched.
        try copy.execute(sql: "INSERT INTO t (name) SELECT hex(randomblob(2000)) FROM t, t AS u, t AS v")
        #expect(try copy.integer(sql: "SELECT count(*) FROM t") == 10)
        #expect(throws: SQLiteError.self) { try copy.execute(sql: "INSERT INTO t (name) VALUES ('a')") }
        #expect(try source.integer(sql: "SELECT count(*) FROM t") == 2)
        #expect(try copy.serializedDatabase() != image)
    }

    @Test("a database without a page gives an empty image, which opens as an empty database")
    func empty() throws {
        let image = try SQLiteConnection(path: ":memory:").serializedDatabase()
        #expect(image.isEmpty)
        let copy = try SQLiteConnection(deserializing: image)
        #expect(try copy.integer(sql: "SELECT count(*) FROM sqlite_schema") == 0)
    }

    @Test("bytes that are not a database open, and the first read says so")
    func notADatabase() throws {
        let copy = try SQLiteConnection(deserializing: Array(repeating: 7, count: 4096))
        let error = try #require(throws: SQLiteError.self) {
            try copy.integer(sql: "SELECT count(*) FROM sqlite_schema")
        }
        #expect(error.code.matches(.notADatabase))
    }
}
