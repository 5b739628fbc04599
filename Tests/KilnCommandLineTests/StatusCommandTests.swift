import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln status, in-process")
struct StatusCommandTests {
    @Test("status lists databases; with --db it shows pending migrations and drift")
    func status() throws {
        let project = try ShopProject()
        #expect(try project.kiln("status").standardOutput == "shop: 2 migrations, newest version 2\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--to", "1")
        let partial = try project.kiln("status", "shop", "--db", "shop.sqlite")
        #expect(partial.status == 0)
        #expect(
            partial.standardOutput == """
                shop: shop.sqlite is at version 1 of 2
                  [X] migrations/shop/0001_create_item.sql
                  [ ] migrations/shop/0002_add_price.sql
                1 pending migration
                no drift: the schema matches migrations 1 to 1

                """)
        let db = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        try db.execute(
            sql:
                "CREATE TABLE scratch (a); ALTER TABLE item ADD COLUMN extra TEXT; CREATE INDEX item_name ON item (name)"
        )
        try db.close()
        let drifted = try project.kiln("status", "--db", "shop.sqlite", "--json")
        #expect(drifted.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(drifted.standardOutput.utf8)) as! [String: Any]
        #expect(document["formatVersion"] as? Int == 1)
        let databases = document["databases"] as! [[String: Any]]
        let file = databases[0]["file"] as! [String: Any]
        #expect(file["version"] as? Int == 1)
        let drift = (file["drift"] as! [[String: Any]]).map { "\($0["kind"]!) \($0["objectType"]!) \($0["name"]!)" }
        #expect(drift == ["extra table scratch", "extra column item.extra", "extra index item_name"])
    }
}
