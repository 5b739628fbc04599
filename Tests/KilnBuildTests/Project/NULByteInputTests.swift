import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// Every text file kiln reads besides migrations (a schema file, `kiln.json`, a queries or fixtures file, a
/// source file `kiln import` copies) is refused at its first NUL byte, which SQLite or C would stop at.
@Suite("NUL bytes in the files kiln reads")
struct NULByteInputTests {
    static let nulMessage = "a NUL byte: SQLite stops reading SQL at it, so nothing after it would run"

    @Test("a schema file holding a NUL is refused at it before any statement runs")
    func schemaFile() throws {
        let migrator = Migrator(migrations: try migrationSet("test", [("0001_a.sql", "CREATE TABLE a (x);\n")]))
        let source = SourceText(
            path: "schema/test.sql",
            bytes: Array("CREATE TABLE a (x);\nCREATE TABLE b (x);\0CREATE TABLE c (y);\n".utf8))
        let error = #expect(throws: SchemaFileError.self) { try SchemaFile.load(source, preparedLike: migrator) }
        #expect(error?.reason == .nulByte)
        #expect(formattedDiagnostics(try #require(error)) == ["schema/test.sql:2:20: error: \(Self.nulMessage)"])
    }

    @Test(
        "kiln.json holding a NUL (in a comment, between values, as \\u0000 in a string) is refused at it",
        arguments: [
            ("{\n  // a comment \0\n  \"databases\": {}\n}\n", "2:16", false),
            ("{\n  \"databases\": {} \0\n}\n", "2:19", false),
            ("{ \"databases\": { \"sh\\u0000op\": {} } }", "1:21", true),
        ])
    func configuration(json: String, place: String, escaped: Bool) throws {
        let error = #expect(throws: ConfigurationError.self) { try KilnConfiguration.parse(Array(json.utf8)) }
        let diagnostics = try #require(error).diagnostics
        #expect(diagnostics.first?.formatted().hasPrefix("kiln.json:\(place): error: ") == true, "\(diagnostics)")
        #expect(diagnostics.first?.hint?.contains(escaped ? "'\\u0000'" : "a NUL byte") == true, "\(diagnostics)")
    }

    @Test("a queries or fixtures file holding a NUL, or bytes that are not UTF-8, is refused at the byte")
    func sqlFile() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("q.sql", bytes: Array("SELECT 1;\nSELECT 2;\0SELECT 3;\n".utf8))
        let error = #expect(throws: SQLFileError.self) { try SQLFile(path: path, displayPath: "queries/shop.sql") }
        #expect(error?.reason == .nulByte)
        #expect(formattedDiagnostics(try #require(error)) == ["queries/shop.sql:2:10: error: \(Self.nulMessage)"])
        try folder.write("q.sql", bytes: Array("SELECT 'caf".utf8) + [0xE9] + Array("';\n".utf8))
        let invalid = #expect(throws: SQLFileError.self) { try SQLFile(path: path, displayPath: "queries/shop.sql") }
        #expect(invalid?.reason == .invalidUTF8 && invalid?.location.column == 12)
    }
}
