import Foundation
import KilnTestSupport
import Testing

@Suite("kiln check --json: upgrade findings carry their starting versions")
struct CheckUpgradeJSONTests {
    @Test("a migration failing for data of versions 1 to 3 is one finding with fromVersions [1, 2, 3]")
    func fromVersions() throws {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/shop/0001_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT);\n")
        try folder.write("migrations/shop/0002_note.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);\n")
        try folder.write("migrations/shop/0003_flag.sql", "ALTER TABLE item ADD COLUMN flag INTEGER;\n")
        try folder.write(
            "migrations/shop/0004_unique.sql", "-- the bug\nCREATE UNIQUE INDEX item_code ON item (code);\n")
        for version in 1...3 {
            try folder.write("fixtures/shop/\(version).sql", "INSERT INTO item (code) VALUES ('A'), ('A');\n")
        }
        #expect(kiln(["hash"], in: folder.url).status == 0)
        let text = kiln(["check"], in: folder.url)
        #expect(text.status == 1)
        #expect(
            text.standardError.hasPrefix(
                "migrations/shop/0004_unique.sql:2:1: error: UNIQUE constraint failed: item.code, when upgrading from versions 1–3 with data\n"
            ), "\(text.standardError)")
        let json = kiln(["check", "--json"], in: folder.url)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let database = try #require((document["databases"] as? [[String: Any]])?.first)
        let findings = try #require(database["diagnostics"] as? [[String: Any]])
        let upgrade = findings.filter { $0["code"] as? String == "upgrade-failed" }
        try #require(upgrade.count == 1)
        #expect(upgrade[0]["fromVersions"] as? [Int] == [1, 2, 3])
        #expect(upgrade[0]["path"] as? String == "migrations/shop/0004_unique.sql" && upgrade[0]["line"] as? Int == 2)
        #expect(upgrade[0]["untriedVersions"] == nil)
        #expect(findings.allSatisfy { $0["code"] as? String == "upgrade-failed" || $0["fromVersions"] == nil })
    }
}
