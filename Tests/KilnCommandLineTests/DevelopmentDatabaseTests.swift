import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A shop project whose kiln.json names a development file, as `kiln init` writes it.
private func developmentProject(_ file: String = "dev/shop.sqlite") throws -> ShopProject {
    let project = try ShopProject()
    try project.folder.write("kiln.json", "{ \"databases\": { \"shop\": { \"development\": \"\(file)\" } } }\n")
    try project.folder.write("seeds/shop/item.csv", "id,name,price\n2,pear,0.5\n3,plum,0.25\n")
    return project
}

@Suite("the database and its file left out: the only database, --db, KILN_DATABASE, kiln.json's development file")
struct DevelopmentDatabaseTests {
    @Test("kiln migrate, status, seed and reset run with no arguments on kiln.json's development file")
    func noArguments() throws {
        let project = try developmentProject()
        let before = try project.kiln("status")
        #expect(before.status == 0, "\(before.standardError)")
        #expect(
            before.standardOutput
                == "shop: 2 migrations, newest version 2; its development file dev/shop.sqlite does not exist yet "
                + "('kiln migrate shop' makes it)\n")

        let migrate = try project.kiln("migrate")
        #expect(migrate.status == 0, "\(migrate.standardError)")
        // A fresh clone has no dev/ (git keeps no empty folder): kiln makes it for the configured file.
        #expect(migrate.standardOutput.hasSuffix("shop: dev/shop.sqlite migrated from version 0 to 2 (2 migrations)\n"))
        #expect(try Migrator.version(of: SQLiteConnection(path: project.folder.path("dev/shop.sqlite"))) == 2)

        let status = try project.kiln("status")
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.hasPrefix("shop: dev/shop.sqlite is at version 2 of 2\n"))

        let seed = try project.kiln("seed")
        #expect(seed.status == 0, "\(seed.standardError)")
        #expect(seed.standardOutput.contains("shop: seeded dev/shop.sqlite with 2 rows in 1 table"))

        let reset = try project.kiln("reset")
        #expect(reset.status == 0, "\(reset.standardError)")
        #expect(reset.standardOutput.contains("shop: reset dev/shop.sqlite to a fresh build"))
        #expect(project.folder.exists("dev/shop.sqlite.previous"))
    }

    @Test("KILN_DATABASE names the file (from the current folder) over kiln.json; --db over both")
    func environmentAndOption() throws {
        let project = try developmentProject()
        let viaEnvironment = kiln(["migrate"], in: project.folder.url, adding: ["KILN_DATABASE": "mine.sqlite"])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.standardError)")
        #expect(
            viaEnvironment.standardOutput.hasSuffix("shop: mine.sqlite migrated from version 0 to 2 (2 migrations)\n"))
        #expect(project.folder.exists("mine.sqlite"))
        #expect(!project.folder.exists("dev/shop.sqlite"))

        let status = kiln(["status"], in: project.folder.url, adding: ["KILN_DATABASE": "mine.sqlite"])
        #expect(status.standardOutput.hasPrefix("shop: mine.sqlite is at version 2 of 2\n"), "\(status.standardError)")

        let explicit = kiln(
            ["migrate", "--db", "given.sqlite"], in: project.folder.url, adding: ["KILN_DATABASE": "mine.sqlite"])
        #expect(explicit.status == 0, "\(explicit.standardError)")
        #expect(project.folder.exists("given.sqlite"))
        // A file named by the environment or --db gets no folder made for it: its folder must exist.
        let missingFolder = kiln(["migrate"], in: project.folder.url, adding: ["KILN_DATABASE": "nowhere/x.sqlite"])
        #expect(missingFolder.status == 1)
        #expect(!project.folder.exists("nowhere"))
    }

    @Test("with no file named anywhere, the usage error names the three ways; with several databases, it names them")
    func nothingNamed() throws {
        let project = try ShopProject()
        let migrate = try project.kiln("migrate")
        #expect(migrate.status == 64)
        #expect(
            migrate.standardError.contains("missing expected option '--db <file>' (one file) or '--each <pattern>'"))
        #expect(migrate.standardError.contains("set KILN_DATABASE"))
        #expect(migrate.standardError.contains("\"development\": \"dev/shop.sqlite\""))
        let seed = try project.kiln("seed")
        #expect(seed.status == 64)
        #expect(seed.standardError.contains("missing expected option '--db <file>'"))

        try project.folder.write("migrations/tags/0001_tag.sql", "CREATE TABLE tag (name TEXT);\n")
        let several = try project.kiln("migrate", "--db", "x.sqlite")
        #expect(several.status == 64)
        #expect(several.standardError.contains("missing expected argument '<database>': the project has 2 databases"))
        #expect(several.standardError.contains("the databases are: shop, tags"))
        #expect(!project.folder.exists("x.sqlite"))
    }

    @Test("a development value that is not a relative file path is refused at its line and column in kiln.json")
    func invalidSetting() throws {
        let project = try ShopProject()
        try project.folder.write(
            "kiln.json", "{\n  \"databases\": {\n    \"shop\": { \"development\": \"/tmp/x.sqlite\" }\n  }\n}\n")
        let result = try project.kiln("migrate")
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "kiln.json:3:30: error: 'databases.shop.development' must be a file path relative to the project folder"
            ),
            "\(result.standardError)")
    }

    @Test("kiln init writes a development file for its database, which kiln migrate then uses")
    func initWritesIt() throws {
        let folder = try TemporaryDirectory()
        let root = folder.url.appendingPathComponent("shop")
        #expect(kiln(["init", "--root", root.path], in: folder.url).status == 0)
        let configuration = try String(contentsOf: root.appendingPathComponent("kiln.json"), encoding: .utf8)
        #expect(configuration.contains("\"development\": \"dev/shop.sqlite\""))
        try "CREATE TABLE item (id INTEGER PRIMARY KEY);\n".write(
            to: root.appendingPathComponent("migrations/shop/0001_create_tables.sql"), atomically: true,
            encoding: .utf8)
        let migrate = kiln(["migrate"], in: root)
        #expect(migrate.status == 0, "\(migrate.standardError)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("dev/shop.sqlite").path))
    }
}

@Suite("kiln migrate --json on one file; hints that name the database they know")
struct MigrateOneFileJSONTests {
    @Test("--json with --db prints one document: versions, each migration applied, diagnostics")
    func document() throws {
        let project = try ShopProject()
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        #expect(object["database"] as? String == "shop")
        #expect(object["file"] as? String == "shop.sqlite")
        #expect(object["fromVersion"] as? Int == 0)
        #expect(object["toVersion"] as? Int == 2)
        let applied = try #require(object["applied"] as? [[String: Any]])
        #expect(applied.map { $0["version"] as? Int } == [1, 2])
        #expect(applied.first?["file"] as? String == "migrations/shop/0001_create_item.sql")
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test("a failing migration under --json prints the error document with the rollback note; exit 1")
    func failure() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        try project.folder.write("migrations/shop/0003_broken.sql", "INSERT INTO item (nme) VALUES (1);\n")
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--json")
        #expect(result.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let messages = diagnostics.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("no column named nme") }, "\(messages)")
        let notes = diagnostics.flatMap { ($0["notes"] as? [[String: Any]]) ?? [] }.compactMap {
            $0["message"] as? String
        }
        #expect(notes.contains("migration 3 was rolled back; the database stays at version 2"), "\(notes)")
        #expect(object["outcome"] as? String == "failed")
    }

    @Test("status --db on a missing file names the database in its hint, never '<database>'")
    func missingFileHint() throws {
        let project = try ShopProject()
        let result = try project.kiln("status", "--db", "missing.sqlite")
        #expect(result.status == 1)
        #expect(result.standardError.contains("'kiln migrate shop --db missing.sqlite'"), "\(result.standardError)")
        #expect(!result.standardError.contains("<database>"))
    }

    @Test("migrate --db into a folder that does not exist says so, with the folder as typed and a hint")
    func missingFolder() throws {
        let project = try ShopProject()
        let result = try project.kiln("migrate", "shop", "--db", "nodir/shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardError.contains("nodir"), "\(result.standardError)")
        #expect(!result.standardError.contains(project.folder.url.path), "\(result.standardError)")
        #expect(result.standardError.contains("mkdir -p nodir"), "\(result.standardError)")
    }
}

@Suite("kiln migrate --each: a folder the pattern matches is listed as refused")
struct MigrateFleetFolderTests {
    @Test("'t/*.db' and a folder t/old.db: its line says refused, a folder; the summary counts it; exit 1")
    func folderRefused() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(atPath: project.folder.path("t"), withIntermediateDirectories: true)
        try project.kiln("migrate", "shop", "--db", "t/a.db")
        try FileManager.default.createDirectory(
            atPath: project.folder.path("t/old.db"), withIntermediateDirectories: true)
        let result = try project.kiln("migrate", "shop", "--each", "t/*.db")
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains("t/old.db: refused: a folder, not a database\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 up to date, 1 refused"))
        #expect(result.standardError.contains("error: t/old.db: a folder, not a database"))
        // A folder walked whole lists the files inside its subfolders, and never a subfolder as refused.
        try project.folder.write("t/sub/b.db", "")
        let whole = try project.kiln("migrate", "shop", "--each", "t", "--create-empty")
        #expect(!whole.standardOutput.contains("sub: refused"), "\(whole.standardOutput)")
    }
}
