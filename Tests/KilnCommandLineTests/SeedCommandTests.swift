import Foundation
import Kiln
import KilnTestSupport
import KilnCommandLine
import Testing

@Suite("kiln seed, in-process")
struct SeedCommandTests {
    private func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,apple,0.5\n11,\"pear, green\",1\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        return project
    }

    @Test("seed loads every table and prints a line per table and a summary")
    func seed() throws {
        let project = try project()
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "item: 2 rows from seeds/shop/item.csv (2 inserted)")
        #expect(lines.last?.hasPrefix("shop: seeded shop.sqlite with 2 rows in 1 table (") == true)
        #expect(result.standardError.isEmpty)
        let db = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        #expect(
            try db.rows(sql: "SELECT name, typeof(price) FROM item WHERE id >= 10 ORDER BY id") == [
                ["apple", "real"], ["pear, green", "real"],
            ])
    }

    @Test("a failing seed prints file:line:column, exits 1, and leaves the database byte for byte unchanged")
    func failure() throws {
        let project = try project()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,apple,0.5\n10,plum,2\n")
        let before = try project.folder.read("shop.sqlite")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                seeds/shop/item.csv:3:1: error: UNIQUE constraint failed: item.id (value 10 was already loaded at line 2)
                seeds/shop/item.csv:3:1: note: each row needs its own key; remove or change one of the two rows

                """)
        #expect(try project.folder.read("shop.sqlite") == before)
    }

    @Test("--json prints one document with per-table counts; --mode and --only are checked")
    func json() throws {
        let project = try project()
        let result = try project.kiln(
            "seed", "shop", "--db", "shop.sqlite", "--mode", "sync", "--only", "item", "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        #expect(document["formatVersion"] as? Int == 1)
        #expect(document["rows"] as? Int == 2)
        let table = (document["tables"] as! [[String: Any]])[0]
        // The migration's own row (id 1) is not in the CSV, so sync deletes it.
        #expect(table["inserted"] as? Int == 2 && table["deleted"] as? Int == 1)
        let badMode = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--mode", "upsrt")
        #expect(badMode.status == 64)
        #expect(
            badMode.standardError.hasPrefix(
                "kiln seed: error: '--mode' takes insert, upsert or sync, not 'upsrt'\nkiln seed: note: did you mean 'upsert'?"
            ))
        let badOnly = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--only", "items")
        #expect(badOnly.status == 1)
        #expect(
            badOnly.standardError.hasPrefix(
                "kiln: error: no seed file for table 'items' in seeds/shop\nkiln: note: did you mean 'item'?"))
    }

    @Test("a database behind the newest migration is refused")
    func behind() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name\n1,apple\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--to", "1")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: shop.sqlite is at version 1, but the seeds are written for the newest version, 2\nkiln: note: run 'kiln migrate shop --db shop.sqlite' first\n"
        )
    }
}

@Suite("kiln seed on a terminal")
struct SeedProgressLineTests {
    @Test("a seed error after progress was drawn starts on a fresh line: the progress line is erased first")
    func errorAfterProgress() throws {
        let project = try ShopProject()
        let rows = (10..<20_010).map { "\($0),item \($0),1" }.joined(separator: "\n")
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n" + rows + "\n10,again,2\n")
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        var errors = ""
        let status = KilnTool.run(
            ["seed", "shop", "--db", "shop.sqlite", "--color", "never"], currentDirectory: project.folder.url,
            standardOutput: { _ in },
            standardError: { errors += $0 }, standardErrorIsTerminal: true, environment: TestEnvironment.kiln)
        #expect(status == 1)
        // Progress was drawn (when the table started, then every 16,384 rows at most ten times a second), then
        // erased, then the diagnostic at the start of a line.
        let erase = "\r\u{1B}[K"
        #expect(errors.hasPrefix(erase + "seeding item · "), "\(errors.debugDescription)")
        let diagnostic = try #require(errors.range(of: "seeds/shop/item.csv:20002:1: error: "))
        #expect(errors[..<diagnostic.lowerBound].hasSuffix(erase), "\(errors.debugDescription)")
        #expect(!errors[..<diagnostic.lowerBound].contains("\n"), "\(errors.debugDescription)")
    }
}
