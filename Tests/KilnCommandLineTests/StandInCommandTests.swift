import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln.json stand-ins and prepare-everything, in-process")
struct StandInCommandTests {
    static let tagMigration =
        "CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE unicase UNIQUE);\n"
        + "INSERT INTO tag (name) VALUES (slugify('Apple'));\n"

    static let standIns = """
        {"databases": {"shop": {"collations": {"unicase": "NOCASE"},
          "functions": {"slugify": {"arguments": 1, "returns": "first-argument"}}}}}
        """

    @Test("without a stand-in, migrate stops at the unknown collation with a hint naming the kiln.json setting")
    func unknownCollation() throws {
        let project = try ShopProject(ShopProject.migrations + [("0003_tags.sql", Self.tagMigration)])
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardError.contains("no such collation sequence: unicase"))
        #expect(result.standardError.contains(#""collations": {"unicase": "NOCASE"}"#), "\(result.standardError)")
        #expect(result.standardError.contains("databases.shop"))
    }

    @Test(
        "an unknown function's stand-in hint gives the argument count the migration calls it with",
        arguments: [
            ("normalize(name, 'NFKC')", #"{"arguments": 2, "returns": "first-argument"}"#, nil),
            ("normalize()", #"{"arguments": 0, "returns": "null"}"#, nil),
            (
                "normalize(lower(name), 'NFKC'), normalize(name)", #"{"arguments": 2, "returns": "first-argument"}"#,
                "calls it with 2 and 1 arguments"
            ),
        ] as [(String, String, String?)])
    func unknownFunctionArity(call: String, setting: String, several: String?) throws {
        let migration = "CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT);\nSELECT \(call) FROM tag;\n"
        let project = try ShopProject(ShopProject.migrations + [("0003_tags.sql", migration)])
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardError.contains("no such function: normalize"))
        #expect(result.standardError.contains(#""functions": {"normalize": \#(setting)}"#), "\(result.standardError)")
        #expect(several.map(result.standardError.contains) ?? !result.standardError.contains("calls it with"))
    }

    @Test("with stand-ins, build, migrate, status and check run; check notes each use for the device")
    func withStandIns() throws {
        let project = try ShopProject(ShopProject.migrations + [("0003_tags.sql", Self.tagMigration)])
        try project.folder.write("kiln.json", Self.standIns)
        let migrate = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrate.status == 0, "\(migrate.standardError)")
        #expect(try project.kiln("status", "shop", "--db", "shop.sqlite").status == 0)
        let build = try project.kiln("build")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(try project.kiln("hash").status == 0)
        let check = try project.kiln("check")
        #expect(check.status == 0, "\(check.standardError)")
        #expect(
            check.standardError.contains(
                "migrations/shop/0003_tags.sql:1:70: note: this migration uses the collation 'unicase', which kiln runs with the stand-in databases.shop.collations.unicase in kiln.json: the device must register the real 'unicase'"
            ), "\(check.standardError)")
        #expect(
            check.standardError.contains(
                "migrations/shop/0003_tags.sql:2:32: note: this migration uses the function 'slugify'"))
    }

    @Test("kiln install --migrations upgrades a copy whose schema calls a stand-in function, which quick_check reads")
    func install() throws {
        let project = try ShopProject(
            ShopProject.migrations + [
                ("0003_tags.sql", Self.tagMigration),
                ("0004_page.sql", "CREATE TABLE page (title TEXT, slug TEXT AS (slugify(title)));\n"),
            ])
        try project.folder.write("kiln.json", Self.standIns)
        #expect(try project.kiln("build").status == 0)
        #expect(try project.kiln("migrate", "shop", "--db", "app.sqlite", "--to", "3").status == 0)
        let install = try project.kiln(
            "install", "--bundled", "build/shop.sqlite", "--to", "app.sqlite", "--migrations", "shop",
            "--full-verification")
        #expect(install.status == 0, "\(install.standardError)")
        #expect(
            install.standardOutput.contains("upgraded app.sqlite from version 3 to 4"), "\(install.standardOutput)")
    }

    @Test(
        "status reports a template placeholder and a broken later migration at file:line:col, exit 1, before migrate touches a file"
    )
    func prepareEverything() throws {
        let placeholder = try ShopProject(
            ShopProject.migrations + [
                ("0003_counter.sql", "CREATE TABLE counter (id $%AUTO_INCREMENT_PRIMARY_KEY%$);\n")
            ])
        let status = try placeholder.kiln("status")
        #expect(status.status == 1)
        #expect(
            status.standardError.hasPrefix(
                "migrations/shop/0003_counter.sql:1:26: error: '$%AUTO_INCREMENT_PRIMARY_KEY%$' is a template placeholder kiln does not expand"
            ), "\(status.standardError)")
        let check = try placeholder.kiln("check")
        #expect(check.status == 1)
        #expect(
            check.standardError.contains(
                "0003_counter.sql:1:26: error: '$%AUTO_INCREMENT_PRIMARY_KEY%$' is a template placeholder"))

        let broken = try ShopProject(
            ShopProject.migrations + [
                ("0003_ok.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY);\nINSERT INTO note VALUES (1);\n"),
                ("0004_broken.sql", "INSERT INTO note VALUES (2);\nINSERT INTO missing_table VALUES (3);\n"),
            ])
        let brokenStatus = try broken.kiln("status")
        #expect(brokenStatus.status == 1)
        #expect(
            brokenStatus.standardError.hasPrefix(
                "migrations/shop/0004_broken.sql:2:13: error: no such table: missing_table"),
            "\(brokenStatus.standardError)")
        #expect(
            brokenStatus.standardError.contains(
                "0004_broken.sql:2:13: note: no file was written: kiln found this running the migrations up to 4 in memory"
            ))
        // migrate runs each migration in its own transaction: the broken one leaves the file at version 3.
        let migrate = try broken.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrate.status == 1)
        let db = try SQLiteConnection(path: broken.folder.path("shop.sqlite"), mode: .readOnly)
        #expect(try Migrator.version(of: db) == 3)
        #expect(try db.integer(sql: "SELECT count(*) FROM note") == 1)
    }
}
