import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Seed files, CSV headers and names in messages are matched to tables and columns the way SQLite matches
/// identifiers: ASCII letters in either case, every other byte exactly.
@Suite("Names matched as SQLite matches identifiers")
struct IdentifierMatchingTests {
    private func rows(_ project: ShopProject, _ sql: String) throws -> [[SQLiteValue]] {
        try SQLiteConnection(path: project.folder.path("shop.sqlite")).rows(sql: sql)
    }

    @Test("tables é and É take é.csv and É.csv each; --only É seeds only É")
    func accentedTables() throws {
        let project = try ShopProject([
            (
                "0001_accents.sql",
                "CREATE TABLE \"é\" (id INTEGER PRIMARY KEY);\nCREATE TABLE \"É\" (id INTEGER PRIMARY KEY);\n"
            )
        ])
        try project.folder.write("seeds/shop/é.csv", "id\n1\n2\n")
        try project.folder.write("seeds/shop/É.csv", "id\n3\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let only = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--only", "É")
        #expect(only.status == 0, "\(only.standardError)")
        #expect(try rows(project, "SELECT count(*) FROM \"é\"") == [[.integer(0)]])
        #expect(try rows(project, "SELECT id FROM \"É\"") == [[.integer(3)]])
        let all = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--mode", "sync")
        #expect(all.status == 0, "\(all.standardError)")
        #expect(try rows(project, "SELECT id FROM \"é\" ORDER BY id") == [[.integer(1)], [.integer(2)]])
        #expect(try rows(project, "SELECT id FROM \"É\"") == [[.integer(3)]])
    }

    @Test("a seed file whose name differs from the table's beyond ASCII case names no table")
    func decomposedFileName() throws {
        let project = try ShopProject([("0001_accents.sql", "CREATE TABLE \"é\" (id INTEGER PRIMARY KEY);\n")])
        // `e` + U+0301 (combining acute): canonically equal to `é` for Swift's String, another name for SQLite.
        try project.folder.write("seeds/shop/e\u{301}.csv", "id\n1\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardError.contains("e\u{301}.csv:1:1: error:"), "\(result.standardError)")
    }

    @Test("a header naming the Kelvin sign loads that column, not k; K loads k")
    func kelvinColumn() throws {
        let project = try ShopProject([
            ("0001_kelvin.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT, \"\u{212A}\" TEXT);\n")
        ])
        try project.folder.write("seeds/shop/t.csv", "id,\u{212A}\n1,kelvin\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let kelvin = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(kelvin.status == 0, "\(kelvin.standardError)")
        #expect(try rows(project, "SELECT k, \"\u{212A}\" FROM t") == [[.null, .text("kelvin")]])
        try project.folder.write("seeds/shop/t.csv", "id,K\n1,ascii\n")
        try FileManager.default.removeItem(atPath: project.folder.path("shop.sqlite"))
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let ascii = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(ascii.status == 0, "\(ascii.standardError)")
        #expect(try rows(project, "SELECT k, \"\u{212A}\" FROM t") == [[.text("ascii"), .null]])
    }

    @Test("the Kelvin sign and k in one header are two columns, not a duplicate")
    func kelvinAndKInOneHeader() throws {
        let project = try ShopProject([
            ("0001_kelvin.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT, \"\u{212A}\" TEXT);\n")
        ])
        try project.folder.write("seeds/shop/t.csv", "id,k,\u{212A}\n1,small,kelvin\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try rows(project, "SELECT k, \"\u{212A}\" FROM t") == [[.text("small"), .text("kelvin")]])
    }

    @Test("a migration error naming É points at É, not at é")
    func locatorMatchesBytes() throws {
        let project = try ShopProject([
            ("0001_accents.sql", "CREATE TABLE \"é\" (x);\nINSERT INTO \"é\" SELECT x FROM \"É\";\n")
        ])
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        // `INSERT INTO "é" SELECT x FROM ` is 31 bytes: `"É"` starts at byte 32.
        #expect(
            result.standardError.hasPrefix("migrations/shop/0001_accents.sql:2:32: error: no such table: É"),
            "\(result.standardError)")
    }

    @Test("composed é and decomposed e + U+0301 are two columns: the key is the one the schema names")
    func canonicallyEquivalentColumns() throws {
        let project = try ShopProject([
            ("0001_forms.sql", "CREATE TABLE t (\"é\" TEXT PRIMARY KEY, \"e\u{301}\" TEXT);\n")
        ])
        // The key column é comes second; the first column holds the same value twice.
        try project.folder.write("seeds/shop/t.csv", "e\u{301},é\nsame,k1\nsame,k2\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--mode", "upsert")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            try rows(project, "SELECT \"é\", \"e\u{301}\" FROM t ORDER BY 1") == [
                [.text("k1"), .text("same")], [.text("k2"), .text("same")],
            ])
    }
}
