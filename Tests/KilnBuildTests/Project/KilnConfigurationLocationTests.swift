import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kiln.json locations and strict JSON")
struct KilnConfigurationLocationTests {
    private func error(_ json: String) throws -> ConfigurationError {
        try #require(throws: ConfigurationError.self) { try KilnConfiguration.parse(Array(json.utf8)) }
    }

    @Test("a bad value points at that value, not at another database's key of the same name")
    func valueLocation() throws {
        let json = """
            {
              "databases": {
                "a": { "output": "a.sqlite" },
                "b": {
                  "output":   "folder/b.sqlite"
                }
              }
            }
            """
        let error = try error(json)
        #expect(error.problems.map(\.reason) == [.invalidOutput(path: "databases.b.output")])
        #expect(error.problems.first?.location == SourceLocation(path: "kiln.json", line: 5, column: 19))
        #expect(
            formattedDiagnostics(error).first
                == "kiln.json:5:19: error: 'databases.b.output' must be a file name without folders")
    }

    @Test("a trailing comma is an error at the comma")
    func trailingComma() throws {
        let error = try error("{\n  \"databases\": {},\n}")
        #expect(error.problems.map(\.reason) == [.trailingComma])
        #expect(formattedDiagnostics(error).first == "kiln.json:2:18: error: a trailing comma is not valid JSON")
        #expect(
            try self.error(#"{"databases": {"a": {"delimiters": {"t": ";",}}}}"#).problems.first?.location.column == 45)
    }

    @Test("a duplicate key is an error at the second one, naming the first")
    func duplicateKey() throws {
        let json = """
            {"databases": {
              "a": {"pageSize": 1024,
                    "pageSize": 2048}
            }}
            """
        let error = try error(json)
        let first = SourceLocation(path: "kiln.json", line: 2, column: 9)
        #expect(error.problems.map(\.reason) == [.duplicateKey(path: "databases.a.pageSize", first: first)])
        #expect(error.problems.first?.location == SourceLocation(path: "kiln.json", line: 3, column: 9))
        #expect(
            error.diagnostics.first?.hint
                == "a key may appear once in an object; the first is at line 2, column 9")
    }

    @Test(
        "invalid JSON points at the offending byte",
        arguments: [
            ("{\"databases\": {} \"x\": 1}", 18),
            ("{\"databases\": tru}", 18),
            ("{\"minimumSQLite\": \"3.36\\q\"}", 25),
            ("{\"databases\": {}} extra", 19),
            ("{\"databases\": 01}", 16),
            ("{\"databases\": {", 16),
        ])
    func offendingByte(json: String, column: Int) throws {
        let error = try error(json)
        guard case .invalidJSON = error.problems.first?.reason else {
            Issue.record("expected invalid JSON, got \(error.problems)")
            return
        }
        #expect(error.problems.first?.location.column == column, "\(error.diagnostics)")
    }

    @Test("values are typed once read")
    func typedValues() throws {
        let json = """
            {"minimumSQLite": "3.36", "databases": {"a": {
              "applicationId": -7, "pageSize": 8192, "analyze": true, "output": "a\\u00e9.db",
              "delimiters": {"t": "\\t", "u": "|"}}}}
            """
        let configuration = try KilnConfiguration.parse(Array(json.utf8))
        let settings = configuration.settings(for: "a")
        #expect(configuration.minimumSQLite == SQLiteVersion("3.36.0"))
        #expect(settings.applicationID == -7 && settings.pageSize == 8192 && settings.analyze)
        #expect(settings.output == "a\u{e9}.db")
        #expect(settings.delimiters == ["t": 0x09, "u": 0x7C])
    }

    @Test("a byte order mark is ignored, and integral numbers written with a fraction or exponent are integers")
    func byteOrderMarkAndIntegralNumbers() throws {
        let json = "\u{FEFF}{\"databases\": {\"a\": {\"applicationId\": 1e3, \"pageSize\": 4096.0}}}"
        let settings = try KilnConfiguration.parse(Array(json.utf8)).settings(for: "a")
        #expect(settings.applicationID == 1000 && settings.pageSize == 4096)
        let fraction = try error("\u{FEFF}{\"databases\": {\"a\": {\"applicationId\": 1.5}}}")
        #expect(fraction.problems.map(\.reason) == [.invalidApplicationID(path: "databases.a.applicationId")])
        // Columns count UTF-8 bytes from the start of the line, the byte order mark's three included.
        #expect(fraction.problems.first?.location == SourceLocation(path: "kiln.json", line: 1, column: 42))
    }

    @Test("every problem is reported, in document order, each at its own place")
    func severalProblems() throws {
        let json = #"{"databases": {"a": {"pageSize": 1000, "analyze": "yes"}}, "minimumSQLite": 3}"#
        #expect(
            try error(json).diagnostics.map { "\($0.location.map { "\($0)" } ?? ""): \($0.message)" } == [
                "kiln.json:1:34: 'databases.a.pageSize' must be a power of two from 512 to 65536",
                "kiln.json:1:51: 'databases.a.analyze' must be true or false",
                "kiln.json:1:77: 'minimumSQLite' must be a SQLite version such as \"3.36.0\"",
            ])
    }
}

@Suite("kiln.json on disk")
struct KilnConfigurationLoadTests {
    @Test("a kiln.json that cannot be read is an error carrying the real errno")
    func unreadable() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("kiln.json"), withIntermediateDirectories: true)
        let error = try #require(throws: ConfigurationError.self) { try KilnProject(root: folder.url) }
        guard case .unreadable(let cause) = error.problems.first?.reason else {
            Issue.record("expected unreadable, got \(error.problems)")
            return
        }
        #expect(cause.code == EISDIR)
        #expect(error.diagnostics.first?.formatted() == "kiln.json:1:1: error: cannot read the file: Is a directory")
    }
}
