import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Through the built binary: a migration with a NUL byte is refused before any of it runs.
@Suite("NUL bytes, end to end")
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
}
