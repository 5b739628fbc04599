import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln check: a fixtures folder for no database")
struct FixtureFolderTests {
    @Test("fixtures/<typo> is an error at the folder with a suggestion, in text and in --json")
    func unknownFolder() throws {
        let project = try ShopProject()
        try project.kiln("hash")
        try project.folder.write("fixtures/shopp/1.sql", "INSERT INTO item (name) VALUES ('pear');\n")
        try project.folder.write("fixtures/.gitkeep", "")
        let text = try project.kiln("check")
        #expect(text.status == 1)
        #expect(
            text.standardError.hasPrefix(
                """
                fixtures/shopp:1:1: error: fixtures/shopp names no database: kiln never reads it
                fixtures/shopp:1:1: note: did you mean 'shop'? fixtures live in fixtures/<database>/<version>.sql; the databases are: shop

                """), "\(text.standardError)")
        #expect(text.standardOutput.hasPrefix("kiln check: failed, 1 database, 1 error, "))
        let json = try project.kiln("check", "--json")
        #expect(json.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let findings = document?["project"] as? [[String: Any]]
        #expect(findings?.count == 1)
        #expect(findings?.first?["path"] as? String == "fixtures/shopp")
        #expect(findings?.first?["code"] as? String == "fixture-misnamed")
        try FileManager.default.moveItem(
            atPath: project.folder.path("fixtures/shopp"), toPath: project.folder.path("fixtures/shop"))
        #expect(try project.kiln("check").status == 0)
    }
}
