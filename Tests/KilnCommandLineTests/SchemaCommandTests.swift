import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln schema, in-process")
struct SchemaCommandTests {
    @Test("schema prints the normalized schema of a fresh build or of a file")
    func schema() throws {
        let project = try ShopProject()
        let fresh = try project.kiln("schema", "shop")
        #expect(fresh.standardOutput == "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--to", "1")
        #expect(
            try project.kiln("schema", "shop", "--db", "shop.sqlite").standardOutput
                == "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n")
        let missing = try project.kiln("schema", "shop", "--db", "nope.sqlite")
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("kiln: error: no such file: nope.sqlite"))
        #expect(!project.folder.exists("nope.sqlite"))
        let unknown = try project.kiln("schema", "shops")
        #expect(
            unknown.standardError
                == "kiln: error: no database named 'shops' (no folder migrations/shops)\nkiln: note: did you mean 'shop'? the databases are: shop\n"
        )
    }
}
