import Kiln
import Testing

@Suite("double-quoted string literals: off by default, on for legacy SQL")
struct DoubleQuotedStringLiteralTests {
    @Test("\"x\" naming no column is an error by default, a string once allowed, an error again once refused")
    func toggle() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let refused = try #require(throws: SQLiteError.self) { try connection.rows(sql: #"SELECT "x""#) }
        #expect(refused.message.contains("no such column: x"))
        try connection.allowDoubleQuotedStringLiterals(true)
        #expect(try connection.rows(sql: #"SELECT "x""#) == [[.text("x")]])
        try connection.execute(sql: #"CREATE TABLE t (a TEXT DEFAULT "d")"#)
        try connection.allowDoubleQuotedStringLiterals(false)
        #expect(throws: SQLiteError.self) { try connection.execute(sql: #"CREATE TABLE u (a TEXT CHECK (a <> "d"))"#) }
    }
}
