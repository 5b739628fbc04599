import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln generate, in-process")
struct GenerateCommandTests {
    @Test("generate writes <Database>Queries.swift, then leaves it untouched while nothing changes")
    func writesOnce() throws {
        let project = try ShopProject()
        try project.folder.write(
            "queries/shop.sql", "-- name: Items :many\nSELECT id, name, price FROM item WHERE price < :below;\n")
        let first = try project.kiln("generate", "shop", "--out", "Sources/App")
        #expect(first.status == 0)
        #expect(first.standardOutput == "wrote Sources/App/ShopQueries.swift (1 query)\n")
        let text = String(decoding: try project.folder.read("Sources/App/ShopQueries.swift"), as: UTF8.self)
        #expect(text.contains("func items(below: Double?) throws -> [ItemsRow]") == false)
        #expect(text.contains("func items(below: Double) throws -> [ItemsRow]"))
        #expect(text.contains("var name: String\n") && text.contains("var price: Double?\n"))
        let again = try project.kiln("generate", "shop", "--out", "Sources/App")
        #expect(again.standardOutput == "Sources/App/ShopQueries.swift is up to date\n")
        #expect(try project.kiln("generate", "shop").standardOutput == "wrote ShopQueries.swift (1 query)\n")
        // With one database in the project, its name may be left out.
        #expect(try project.kiln("generate").standardOutput == "ShopQueries.swift is up to date\n")
    }

    @Test("a database without a queries file, or a query that does not fit the schema, fails located")
    func failures() throws {
        let project = try ShopProject()
        let missing = try project.kiln("generate", "shop")
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("kiln: error: no queries/shop.sql to generate from\n"))
        try project.folder.write("queries/shop.sql", "SELECT 1;\n-- name: Items :many\nSELECT id, title FROM item;\n")
        let broken = try project.kiln("generate", "shop")
        #expect(broken.status == 1)
        #expect(
            broken.standardError.hasPrefix(
                "queries/shop.sql:3:12: error: query 'Items' does not prepare on the newest schema: no such column: title"
            ))
        #expect(!project.folder.exists("ShopQueries.swift"))
    }
}
