import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln new, in-process")
struct NewCommandTests {
    @Test("new creates the next migration file, which kiln refuses until it holds SQL")
    func new() throws {
        let project = try ShopProject()
        let result = try project.kiln("new", "shop", "Add", "ISO2", "column")
        #expect(result.status == 0)
        #expect(result.standardOutput == "migrations/shop/0003_add_iso2_column.sql\n")
        #expect(project.folder.exists("migrations/shop/0003_add_iso2_column.sql"))
        let refused = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(
            refused.standardError.hasPrefix(
                "migrations/shop/0003_add_iso2_column.sql:1:1: error: the migration has no SQL statements"))
        let brandNew = try project.kiln("new", "orders", "create", "orders")
        #expect(brandNew.standardOutput == "migrations/orders/0001_create_orders.sql\n")
        #expect(try project.kiln("new", "../escape", "x").status == 1)
    }
}
