import Foundation
import Kiln
import Testing

/// An app type stored as its raw value.
private enum Status: String, SQLiteConvertible {
    case draft
    case published
}

@Suite("Values generated code binds and reads: SQLiteConvertible, the column readers, the statement cache")
struct SQLiteConvertibleTests {
    @Test("each conformance accepts its storage class only, and gives it back")
    func conformances() {
        #expect(Int64(sqliteValue: .integer(7)) == 7 && Int64(sqliteValue: .text("7")) == nil)
        #expect(Double(sqliteValue: .integer(2)) == 2 && Double(sqliteValue: .real(2.5)) == 2.5)
        #expect(Bool(sqliteValue: .integer(1)) == true && Bool(sqliteValue: .integer(2)) == nil)
        #expect([UInt8](sqliteValue: .blob([1, 2])) == [1, 2] && Data(sqliteValue: .text("x")) == nil)
        #expect(Status(sqliteValue: .text("draft")) == .draft && Status(sqliteValue: .text("gone")) == nil)
        #expect(Status.published.sqliteValue == .text("published"))
        let date = Date(timeIntervalSince1970: 981_173_106)
        #expect(date.sqliteValue == .text("2001-02-03T04:05:06Z"))
        #expect(Date(sqliteValue: .text("2001-02-03T04:05:06Z")) == date)
        #expect(Date(sqliteValue: .text("2001-02-03 04:05:06")) == date)
        #expect(Date(sqliteValue: .text("yesterday")) == nil)
    }

    @Test("the readers read one storage class; a mismatch names the column, the type and what it holds")
    func readers() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let statement = try connection.prepare(sql: "SELECT 1 AS a, 2.5 AS b, 'x' AS c, x'0102' AS d, NULL AS e")
        #expect(try statement.step())
        #expect(try statement.int64(at: 0) == 1 && statement.double(at: 0) == 1 && statement.double(at: 1) == 2.5)
        #expect(try statement.string(at: 2) == "x" && statement.blob(at: 3) == [1, 2])
        #expect(try statement.stringOrNil(at: 4) == nil && statement.int64OrNil(at: 4) == nil)
        #expect(try statement.decodeIfPresent(Status.self, at: 4) == nil)
        let error = #expect(throws: SQLiteConversionError.self) { try statement.int64(at: 2) }
        #expect(error?.description == "column 'c' holds text, which is no Int64")
        #expect(throws: SQLiteConversionError.self) { try statement.string(at: 4) }
        #expect(throws: SQLiteConversionError.self) { try statement.decode(Status.self, at: 2) }
    }

    @Test("the cache prepares a statement once and resets it; a run inside a run gets its own")
    func cache() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: "CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);")
        let cache = SQLiteStatementCache(connection: connection)
        let sql = "SELECT n FROM t WHERE n >= ? ORDER BY n"
        var first: ObjectIdentifier?
        var nested: [Int64] = []
        try cache.withStatement(sql: sql) { statement in
            first = ObjectIdentifier(statement)
            try statement.bind(converting: Int64(2), at: 1)
            while try statement.step() {
                try cache.withStatement(sql: sql) { inner in
                    #expect(ObjectIdentifier(inner) != first)
                    try inner.bind(converting: Int64(3), at: 1)
                    while try inner.step() { nested.append(try inner.int64(at: 0)) }
                }
            }
        }
        #expect(nested == [3, 3])
        try cache.withStatement(sql: sql) { statement in
            #expect(ObjectIdentifier(statement) == first)
            // Reset with its bindings cleared: the parameter is NULL, so no row.
            let hasRow = try statement.step()
            #expect(!hasRow)
        }
    }
}
