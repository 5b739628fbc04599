import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Every command that reads a file holding a NUL byte fails at its file, line and column, exit 1, and writes
/// nothing: SQLite would stop reading at the NUL, and what follows would silently never run.
@Suite("a NUL byte in a file kiln reads, in-process")
struct NULByteCommandTests {
    static let nul = "error: a NUL byte: SQLite stops reading SQL at it, so nothing after it would run\n"

    /// The shop project whose second migration holds a NUL between two statements.
    static func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write(
            "migrations/shop/0002_add_price.sql",
            bytes: Array("ALTER TABLE item ADD COLUMN price REAL;\0DROP TABLE item;\n".utf8))
        return project
    }

    @Test(
        "migrate, hash, status, check and build refuse the migration at the NUL and write nothing",
        arguments: [
            ["migrate", "shop", "--db", "app.db"], ["migrate", "shop", "--db", "app.db", "--dry-run"],
            ["hash", "shop"], ["status"], ["status", "shop", "--db", "app.db"], ["check"], ["build"],
        ])
    func migration(arguments: [String]) throws {
        let project = try Self.project()
        let result = try project.kiln(arguments: arguments)
        #expect(result.status == 1, "\(result.standardOutput)")
        let place = "migrations/shop/0002_add_price.sql:1:40: "
        #expect(result.standardError.contains(place + Self.nul), "\(result.standardError)")
        #expect(!project.folder.exists("app.db"))
        #expect(!project.folder.exists("migrations/shop/kiln.sum"))
        #expect(!project.folder.exists("build/shop.sqlite"))
    }

    @Test("a schema file, a queries file and a fixture holding a NUL: check and plan fail at it")
    func schemaQueriesFixtures() throws {
        let project = try ShopProject()
        try project.folder.write("queries/shop.sql", bytes: Array("SELECT name FROM item;\n\0".utf8))
        let check = try project.kiln("check")
        #expect(check.status == 1)
        #expect(check.standardError.contains("queries/shop.sql:2:1: " + Self.nul), "\(check.standardError)")
        try FileManager.default.removeItem(atPath: project.folder.path("queries"))
        try project.folder.write("fixtures/shop/1.sql", bytes: Array("INSERT INTO item (name) VALUES ('a\0');\n".utf8))
        let fixture = try project.kiln("check")
        #expect(fixture.status == 1)
        #expect(fixture.standardError.contains("fixtures/shop/1.sql:1:35: " + Self.nul), "\(fixture.standardError)")
        try FileManager.default.removeItem(atPath: project.folder.path("fixtures"))
        #expect(try project.kiln("schema", "shop", "--write").status == 0)
        let schema = try project.folder.read("schema/shop.sql")
        try project.folder.write(
            "schema/shop.sql", bytes: schema + Array("CREATE TABLE tag (x);\0DROP TABLE item;\n".utf8))
        let plan = try project.kiln("plan", "shop")
        #expect(plan.status == 1)
        #expect(plan.standardError.contains(": " + Self.nul), "\(plan.standardError)")
        #expect(plan.standardError.hasPrefix("schema/shop.sql:"), "\(plan.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder.path("migrations/shop")).count == 2)
    }

    @Test("kiln.json holding a NUL, even in a comment, or \\u0000 in a string, fails every command at it")
    func configuration() throws {
        let project = try ShopProject()
        try project.folder.write("kiln.json", bytes: Array("{\n  // note \0\n}\n".utf8))
        let raw = try project.kiln("status")
        #expect(raw.status == 1)
        #expect(
            raw.standardError.hasPrefix("kiln.json:2:11: error: the file is not valid JSON\n"), "\(raw.standardError)")
        try project.folder.write("kiln.json", #"{ "databases": { "shop": { "output": "s\u0000x" } } }"#)
        let escaped = try project.kiln("migrate", "shop", "--db", "app.db")
        #expect(escaped.status == 1)
        #expect(escaped.standardError.contains("'\\u0000'"), "\(escaped.standardError)")
        #expect(!project.folder.exists("app.db"))
    }

    @Test("a seed CSV holding a NUL fails seed at its line and column, and the database is left as it was")
    func seed() throws {
        let project = try ShopProject()
        #expect(try project.kiln("migrate", "shop", "--db", "app.db").status == 0)
        let before = try project.folder.read("app.db")
        try project.folder.write("seeds/shop/item.csv", bytes: Array("id,name,price\n1,pe\0ar,2\n".utf8))
        let result = try project.kiln("seed", "shop", "--db", "app.db")
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix("seeds/shop/item.csv:2:5: error: a NUL byte\n"), "\(result.standardError)")
        #expect(try project.folder.read("app.db") == before)
    }
}
