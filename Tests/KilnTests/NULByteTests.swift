import KilnTestSupport
import Testing

@testable import Kiln

/// A NUL byte ends SQL text for SQLite even when it is given the text's length, so a migration holding one
/// would silently lose every statement after it: kiln refuses it where it stands, and runs none of it.
@Suite("NUL bytes in SQL text")
struct NULByteTests {
    /// Loading a migration file of `bytes`: the reasons and the first diagnostic line.
    func load(_ bytes: [UInt8]) -> (reasons: [MigrationSetError.Reason], first: String?) {
        do {
            _ = try MigrationSet(database: "shop", directoryPath: "migrations/shop", files: [("0001_a.sql", bytes)])
            return ([], nil)
        } catch let error as MigrationSetError {
            return (error.reasons, formattedDiagnostics(error).first)
        } catch {
            return ([], "\(error)")
        }
    }

    @Test(
        "a migration holding a NUL (between statements, in a string, in a comment, at the end) is refused at it",
        arguments: [
            ("CREATE TABLE a (x);\0CREATE TABLE b (x);\n", "1:20"),
            ("CREATE TABLE a (x);\nINSERT INTO a VALUES ('x\0y');\n", "2:25"),
            ("CREATE TABLE a (x); -- a comment \0\nCREATE TABLE b (x);\n", "1:34"),
            ("CREATE TABLE a (x);\n\0", "2:1"),
        ])
    func migrationRefused(text: String, place: String) {
        let (reasons, first) = load(Array(text.utf8))
        #expect(reasons == [.nulByte])
        #expect(
            first == "migrations/shop/0001_a.sql:\(place): error: a NUL byte: SQLite stops reading SQL at it, so "
                + "nothing after it would run")
    }

    @Test("a file saved as UTF-16 without a byte order mark is refused at its first NUL, with the fix in the note")
    func utf16() throws {
        let bytes = Array("CREATE TABLE a (x);\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        do {
            _ = try MigrationSet(database: "shop", directoryPath: "m", files: [("0001_a.sql", bytes)])
            Issue.record("expected a refusal")
        } catch let error as MigrationSetError {
            #expect(error.problems.first?.location == SourceLocation(path: "m/0001_a.sql", line: 1, column: 2))
            #expect(error.problems.first?.hint?.contains("save the file as UTF-8") == true)
        }
    }

    @Test("the text rule says which comes first, invalid UTF-8 or a NUL; the UTF-8 check alone ignores NUL")
    func textRule() {
        #expect(UTF8Validation.firstProblem(in: Array("abc".utf8)) == nil)
        #expect(UTF8Validation.firstProblem(in: [0x61, 0x00, 0xFF])?.offset == 1)
        #expect(UTF8Validation.firstProblem(in: [0x61, 0x00, 0xFF])?.problem == .nulByte)
        #expect(UTF8Validation.firstProblem(in: [0x61, 0xC3, 0x00])?.problem == .invalidUTF8)
        #expect(UTF8Validation.firstProblem(in: Array("é\u{0}".utf8))?.offset == 2)
        let bytes: [UInt8] = [0x61, 0x00, 0x62]
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0.baseAddress!, 3) } == nil)
    }

    @Test("execute(sql:) refuses text holding a NUL before running any of it; prepare(sql:) refuses it too")
    func connectionRefuses() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute(sql: "CREATE TABLE a (x);\u{0}CREATE TABLE b (x);")
        }
        #expect(error?.message == "a NUL byte: SQLite stops reading SQL at it, so nothing after it would run")
        #expect(error?.offset == 19)
        #expect(try connection.integer(sql: "SELECT count(*) FROM sqlite_schema") == 0)
        #expect(throws: SQLiteError.self) { try connection.prepare(sql: "SELECT 1;\u{0}") }
        // Comments and white space after the last statement are no statement, and end nothing early.
        try connection.execute(sql: "CREATE TABLE c (x); -- done\n/* and done */ CREATE TABLE d (x);")
        #expect(try connection.integer(sql: "SELECT count(*) FROM sqlite_schema") == 2)
    }
}
