import Foundation
import KilnTestSupport
import Testing

@Suite("a name holding control characters is shown escaped: every diagnostic stays one line and steers no terminal")
struct ControlCharacterOutputTests {
    @Test("an import error naming a file whose name holds a line break and an escape sequence")
    func importedFileName() throws {
        let project = try TemporaryDirectory.emptyProject()
        let fixture = try #require(ImportFixture.all.first { $0.tool == "sqlx" })
        try FileManager.default.copyItem(atPath: fixture.path, toPath: project.path("src"))
        let name = "20240401000000_x\nkiln: note: all good\u{1B}[2J.sql"
        try project.write("src/\(name)", "CREATE TABLE t (id $%AUTO_INCREMENT_PRIMARY_KEY%$);\n")
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { $0.hasPrefix("src/20240401000000_x\\nkiln: note: all good") })
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(result.standardError.contains("\\u{1B}[2J"))
        #expect(!project.exists("migrations"))
    }

    @Test("a migration error quoting a table name that holds a carriage return")
    func tableNameInMessage() throws {
        let project = try TemporaryDirectory.emptyProject()
        try project.write("migrations/app/0001_create.sql", "CREATE TABLE \"a\rb\" (id INTEGER PRIMARY KEY);\n")
        try project.write("migrations/app/0002_again.sql", "CREATE TABLE \"a\rb\" (id INTEGER PRIMARY KEY);\n")
        let result = kiln(["migrate", "app", "--db", "app.db"], in: project.url)
        #expect(result.status == 1)
        #expect(!result.standardError.contains("\r"))
        #expect(result.standardError.contains("a\\rb"), "\(result.standardError)")
    }

    @Test("a fleet file whose name holds an escape sequence and a line break is listed on one line, escaped")
    func fleetFileName() throws {
        let project = try TemporaryDirectory.emptyProject()
        try project.write("migrations/app/0001_create.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY);\n")
        _ = try project.writeEmptyDatabase("tenants/a\u{1B}[31m\nb.db")
        let result = kiln(["migrate", "app", "--each", "tenants", "--jobs", "1"], in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(result.standardOutput.contains("tenants/a\\u{1B}[31m\\nb.db: migrated"), "\(result.standardOutput)")
    }
}
