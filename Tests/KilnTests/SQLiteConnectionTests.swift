import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("SQLite connection")
struct SQLiteConnectionTests {
    @Test("constraint failures carry the extended result code and SQLite's message")
    func extendedCodes() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        try db.execute(sql: "INSERT INTO t (name) VALUES ('a')")
        let error = try #require(throws: SQLiteError.self) { try db.execute(sql: "INSERT INTO t (name) VALUES ('a')") }
        #expect(error.code.rawValue == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error.code.matches(.constraint))
        #expect(error.message == "UNIQUE constraint failed: t.name")
        #expect(error.sql == "INSERT INTO t (name) VALUES ('a')")
    }

    @Test("scalar is nil when there is no row, and .null for a row whose value is NULL")
    func scalarNoRow() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: "CREATE TABLE t (x)")
        #expect(try connection.scalar(sql: "SELECT x FROM t") == Optional<SQLiteValue>.none)
        try connection.execute(sql: "INSERT INTO t VALUES (NULL)")
        #expect(try connection.scalar(sql: "SELECT x FROM t") == .some(.null))
    }

    @Test("syntax errors report the byte offset SQLite blamed")
    func errorOffset() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let error = try #require(throws: SQLiteError.self) { try db.execute(sql: "SELECT 1 FROM WHERE") }
        #expect(error.message == "near \"WHERE\": syntax error")
        #expect(error.offset == 14)
    }

    @Test("double-quoted strings are identifiers, never string literals")
    func doubleQuotedStringsOff() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a TEXT)")
        let error = try #require(throws: SQLiteError.self) { try db.execute(sql: "SELECT * FROM t WHERE a = \"nope\"") }
        #expect(error.message == "no such column: nope")
    }

    @Test("defensive mode refuses writes to the schema table")
    func defensive() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "PRAGMA writable_schema = ON")
        #expect(throws: SQLiteError.self) {
            try db.execute(sql: "CREATE TABLE t (a); UPDATE sqlite_schema SET sql = 'x'")
        }
    }

    @Test("values keep their storage class; empty text binds '' and an empty blob binds x''")
    func bindAndRead() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (v)")
        let values: [SQLiteValue] = [
            .null, .integer(Int64.min), .real(0.1), .text(""), .text("İngiltere 日本"), .blob([]), .blob([0, 255]),
        ]
        let insert = try db.prepare(sql: "INSERT INTO t (v) VALUES (?)")
        for value in values {
            try insert.bind([value])
            try insert.run()
            try insert.reset()
        }
        let rows = try db.rows(sql: "SELECT v, typeof(v) FROM t ORDER BY rowid")
        #expect(rows.map { $0[0] } == values)
        #expect(rows.map { $0[1] } == ["null", "integer", "real", "text", "text", "blob", "blob"])
    }

    @Test("binding the wrong number of values is an error, not a silent NULL")
    func bindCount() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let statement = try db.prepare(sql: "SELECT ?, ?")
        let error = try #require(throws: SQLiteError.self) { try statement.bind([1]) }
        #expect(error.code == .range)
    }

    @Test("prepare takes exactly one statement")
    func prepareOne() throws {
        let db = try SQLiteConnection(path: ":memory:")
        #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT 1; SELECT 2") }
        #expect(throws: SQLiteError.self) { try db.prepare(sql: "-- nothing") }
        _ = try db.prepare(sql: "SELECT 1; -- trailing comment")
    }

    @Test("a transaction rolls back on error and rethrows the body's error")
    func transactionRollsBack() throws {
        struct Failure: Error {}
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a)")
        #expect(throws: Failure.self) {
            try db.transaction(.immediate) {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try db.integer(sql: "SELECT count(*) FROM t") == 0)
        #expect(db.isAutocommit)
    }

    @Test("a transaction SQLite already ended is not rolled back twice")
    func transactionEndedBySQLite() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a)")
        // A ROLLBACK inside the body ends the transaction the way SQLITE_FULL or SQLITE_IOERR can.
        let error = try #require(throws: SQLiteError.self) {
            try db.transaction {
                try db.execute(sql: "INSERT INTO t VALUES (1); ROLLBACK")
                try db.execute(sql: "INSERT INTO nowhere VALUES (1)")
            }
        }
        #expect(error.message == "no such table: nowhere")
        #expect(db.isAutocommit)
    }

    @Test("a file that is not a database fails with SQLITE_NOTADB on first use")
    func notADatabase() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("junk.sqlite", String(repeating: "not a database ", count: 100))
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try db.integer(sql: "SELECT count(*) FROM sqlite_schema") }
        #expect(error.code == .notADatabase)
    }

    @Test("opening a missing file read-only fails with the extended code and does not create it")
    func openMissing() throws {
        let folder = try TemporaryDirectory()
        let error = try #require(throws: SQLiteError.self) {
            try SQLiteConnection(path: folder.path("missing.sqlite"), mode: .readOnly)
        }
        #expect(error.code.matches(.cannotOpen))
        #expect(!folder.exists("missing.sqlite"))
    }

    @Test("close reports a statement that is still alive, and succeeds after it is gone")
    func closeWithLiveStatement() throws {
        let db = try SQLiteConnection(path: ":memory:")
        var statement: SQLiteStatement? = try db.prepare(sql: "SELECT 1")
        #expect(statement != nil)
        let error = try #require(throws: SQLiteError.self) { try db.close() }
        #expect(error.code.matches(.busy))
        statement = nil
        try db.close()
    }

    @Test("the busy timeout makes a second writer wait, then fail with SQLITE_BUSY")
    func busyTimeout() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("busy.sqlite")
        let first = try SQLiteConnection(path: path)
        try first.execute(sql: "CREATE TABLE t (a); BEGIN IMMEDIATE")
        let second = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 200)
        let started = ContinuousClock.now
        let error = try #require(throws: SQLiteError.self) { try second.execute(sql: "BEGIN IMMEDIATE") }
        #expect(error.code.matches(.busy))
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        try first.execute(sql: "COMMIT")
    }

    @Test("the online backup copies a database into another connection")
    func backup() throws {
        let source = try SQLiteConnection(path: ":memory:")
        try source.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (42); PRAGMA user_version = 7")
        let copy = try SQLiteConnection(path: ":memory:")
        try source.copyDatabase(into: copy)
        #expect(try copy.integer(sql: "SELECT a FROM t") == 42)
        #expect(try Migrator.version(of: copy) == 7)
    }
}
