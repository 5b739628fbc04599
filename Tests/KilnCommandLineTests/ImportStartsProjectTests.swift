import Foundation
import KilnTestSupport
import Testing

/// `kiln import` as the first command in a repository with no kiln project: it starts one with a minimal
/// `kiln.json` (the database and nothing else; no template database, no seeds), after the migrations are in.
@Suite("kiln import with no project starts one")
struct ImportStartsProjectTests {
    /// A folder holding only an sqlx history in `db/`.
    private static func repository() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("db/20240101000000_notes.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT);\n")
        try folder.write("db/20240102000000_body.sql", "ALTER TABLE note ADD COLUMN body TEXT;\n")
        return folder
    }

    @Test("the import writes the migrations, then a kiln.json naming the database; migrate then runs")
    func starts() throws {
        let folder = try Self.repository()
        let result = kiln(["import", "api", "db"], in: folder.url, environment: [:])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("started a kiln project here: wrote kiln.json"))
        let configuration = try String(contentsOf: folder.url.appendingPathComponent("kiln.json"), encoding: .utf8)
        #expect(configuration == "{\n  \"databases\": {\n    \"api\": {}\n  }\n}\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("seeds").path))
        let migrate = kiln(["migrate", "api", "--db", "api.sqlite"], in: folder.url, environment: [:])
        #expect(migrate.status == 0, "\(migrate.standardError)")
    }

    @Test("a dry run or a refused import writes no kiln.json")
    func nothingOnFailure() throws {
        let folder = try Self.repository()
        let dry = kiln(["import", "api", "db", "--dry-run"], in: folder.url, environment: [:])
        #expect(dry.status == 0, "\(dry.standardError)")
        try folder.write("db/20240103000000_broken.sql", "SELECT '{{ placeholder }}';\nSELECT ${x};\n")
        let refused = kiln(["import", "api", "db"], in: folder.url, environment: [:])
        #expect(refused.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("kiln.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("migrations").path))
    }
}
