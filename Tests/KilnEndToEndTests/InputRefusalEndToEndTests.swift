import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Through the built binary: a migration with a NUL byte is refused before any of it runs, and `kiln import`
/// copies nothing from outside the folder it is given.
@Suite("NUL bytes and links out of an import's folder, end to end")
struct InputRefusalEndToEndTests {
    @Test("a NUL between two statements fails migrate at it (exit 1, no file created); hash and status too")
    func nulInMigration() throws {
        let project = try ShopProject([("0001_init.sql", "CREATE TABLE a (x);\u{0}CREATE TABLE b (x);\n")])
        for arguments in [["migrate", "shop", "--db", "app.db"], ["hash", "shop"], ["status"]] {
            let result = try project.kiln(arguments: arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.standardError.hasPrefix(
                    "migrations/shop/0001_init.sql:1:20: error: a NUL byte: SQLite stops reading SQL at it, so "
                        + "nothing after it would run\n"), "\(result.standardError)")
        }
        #expect(!project.folder.exists("app.db") && !project.folder.exists("migrations/shop/kiln.sum"))
    }

    @Test("import refuses an up.sql linked from outside the folder and writes nothing")
    func importLink() throws {
        let project = try TemporaryDirectory.emptyProject()
        let outside = try TemporaryDirectory()
        try project.write("src/2024-01-01-000000_a/up.sql", "CREATE TABLE a (x);\n")
        try FileManager.default.createDirectory(
            atPath: project.path("src/2024-01-02-000000_b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.path("src/2024-01-02-000000_b/up.sql"),
            withDestinationPath: try outside.write("secret.sql", "CREATE TABLE secret (x);\n"))
        let result = try KilnBinary.run(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "src/2024-01-02-000000_b/up.sql:1:1: error: src/2024-01-02-000000_b/up.sql is a symbolic link to "),
            "\(result.standardError)")
        #expect(result.standardError.contains("secret.sql, outside src: kiln imports only what is inside the folder\n"))
        #expect(!project.exists("migrations"))
    }
}
