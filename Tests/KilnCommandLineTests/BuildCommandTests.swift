import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln build and reset, in-process")
struct BuildCommandTests {
    private func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,plum,2\n")
        return project
    }

    @Test("build prints one line per database, then 'up to date' when nothing changed")
    func build() throws {
        let project = try project()
        let first = try project.kiln("build")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("shop: built build/shop.sqlite (version 2, 2 rows, "))
        #expect(first.standardError.isEmpty)
        #expect(project.folder.exists("build/kiln-manifest.json"))
        let second = try project.kiln("build")
        #expect(second.standardOutput == "shop: up to date\n")
        let json = try project.kiln("build", "--json", "--force")
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        let entry = (document["databases"] as! [[String: Any]])[0]
        #expect(entry["status"] as? String == "built" && entry["userVersion"] as? Int == 2)
    }

    @Test("a failing build exits 1, prints the location and keeps the previous output")
    func failingBuild() throws {
        let project = try project()
        try project.kiln("build")
        let before = try project.folder.read("build/shop.sqlite")
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,plum,2\n11,,3\n")
        let result = try project.kiln("build")
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "seeds/shop/item.csv:3:4: error: NOT NULL constraint failed: item.name (the field is empty)\n"))
        #expect(try project.folder.read("build/shop.sqlite") == before)
        #expect(try project.kiln("build", "nope").status == 1)
    }

    @Test("reset replaces the file with a fresh build and keeps the old one")
    func reset() throws {
        let project = try project()
        try project.kiln("migrate", "shop", "--db", "dev.sqlite")
        let old = try project.folder.read("dev.sqlite")
        let result = try project.kiln("reset", "shop", "--db", "dev.sqlite")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "shop: reset dev.sqlite to a fresh build (version 2, 2 rows); the old file is dev.sqlite.previous\n")
        #expect(try project.folder.read("dev.sqlite.previous") == old)
        let db = try SQLiteConnection(path: project.folder.path("dev.sqlite"))
        #expect(try db.integer(sql: "SELECT count(*) FROM item") == 2)
    }
}

@Suite("kiln commands that take a list of databases, in-process")
struct DatabaseListTests {
    @Test("a database named twice is built, hashed and checked once")
    func duplicates() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,plum,2\n")
        let build = try project.kiln("build", "shop", "shop", "--json")
        #expect(build.status == 0, "\(build.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(build.standardOutput.utf8)) as! [String: Any]
        #expect((document["databases"] as! [[String: Any]]).map { $0["database"] as? String } == ["shop"])
        #expect(try project.kiln("build", "shop", "shop").standardOutput == "shop: up to date\n")
        #expect(try project.kiln("hash", "shop", "shop").standardOutput == "migrations/shop/kiln.sum: 2 migrations\n")
        let check = try project.kiln("check", "shop", "shop")
        #expect(check.standardOutput.hasPrefix("kiln check: passed, 1 database, "), "\(check.standardError)")
    }

    @Test("--out and --xcfilelist are relative to the command's folder, not the project root")
    func outputFolders() throws {
        let project = try ShopProject()
        let elsewhere = try TemporaryDirectory()
        let result = kiln(
            ["build", "--root", project.folder.url.path, "--out", "out", "--xcfilelist", "lists"], in: elsewhere.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("shop: built out/shop.sqlite (version 2, 1 rows, "))
        #expect(elsewhere.exists("out/shop.sqlite"))
        #expect(elsewhere.exists("lists/kiln-outputs.xcfilelist"))
        #expect(!project.folder.exists("out") && !project.folder.exists("build"))
    }
}
