import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Smoke tests of the real `kiln` binary, a few per command: the process's arguments, current folder, output
/// streams and exit status. What each command does in detail is tested in-process in KilnCommandLineTests.
@Suite("kiln binary")
struct CommandLineTests {
    @Test("--version prints the bare version on stdout")
    func version() throws {
        let result = try ShopProject().kiln("--version")
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(KilnVersion.current)\n")
        #expect(result.standardError.isEmpty)
    }

    @Test("usage errors exit 64 with the usage line on stderr")
    func usageErrors() throws {
        // The exact text is asserted in-process (HelpAndUsageTests); here, what reaches the process's streams.
        let result = try ShopProject().kiln("migrate", "shop", "--db", "x.sqlite", "--dryrun")
        #expect(result.status == 64 && result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("kiln migrate: error: unknown option '--dryrun'\n"))
        #expect(result.standardError.hasSuffix("  See 'kiln help migrate' for more.\n"))
        #expect(try ShopProject().kiln().status == 64)
    }

    @Test("migrate creates the file in the process's folder and prints one line per migration and the summary")
    func migrate() throws {
        let project = try ShopProject()
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("\nshop: shop.sqlite migrated from version 0 to 2 (2 migrations)\n"))
        let db = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        #expect(try Migrator.version(of: db) == 2)
    }

    @Test("--root points at a project elsewhere; --db stays relative to the process's folder")
    func root() throws {
        let project = try ShopProject()
        let elsewhere = try TemporaryDirectory()
        let result = try KilnBinary.run(
            ["migrate", "shop", "--db", "here.sqlite", "--root", project.folder.url.path], in: elsewhere.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(elsewhere.exists("here.sqlite"))
        #expect(!project.folder.exists("here.sqlite"))
    }

    @Test("a failing migration prints file:line:column on stderr and exits 1")
    func failingMigration() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        try project.folder.write("migrations/shop/0003_broken.sql", "INSERT INTO item SELECT nme FROM item;\n")
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("migrations/shop/0003_broken.sql:1:25: error: no such column: nme\n"))
    }

    @Test("status, schema and new print on stdout")
    func statusSchemaNew() throws {
        let project = try ShopProject()
        #expect(try project.kiln("status").standardOutput == "shop: 2 migrations, newest version 2\n")
        let schema = try project.kiln("schema", "shop")
        #expect(schema.standardOutput == "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);\n")
        let missing = try project.kiln("status", "shop", "--db", "missing.sqlite")
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("kiln: error: no such file: missing.sqlite"))
        let new = try project.kiln("new", "shop", "Add", "ISO2", "column")
        #expect(new.status == 0)
        #expect(new.standardOutput == "migrations/shop/0003_add_iso2_column.sql\n")
        #expect(project.folder.exists("migrations/shop/0003_add_iso2_column.sql"))
    }

    @Test("seed, build, reset and install work on files in the process's folder")
    func seedBuildResetInstall() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,plum,2\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let seed = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(seed.status == 0, "\(seed.standardError)")
        #expect(seed.standardOutput.hasPrefix("item: 1 rows from seeds/shop/item.csv (1 inserted)\n"))
        #expect(seed.standardError.isEmpty)
        let build = try project.kiln("build")
        #expect(build.standardOutput.hasPrefix("shop: built build/shop.sqlite (version 2, 2 rows, "))
        #expect(try project.kiln("build", "shop", "shop").standardOutput == "shop: up to date\n")
        let reset = try project.kiln("reset", "shop", "--db", "shop.sqlite")
        #expect(
            reset.standardOutput
                == "shop: reset shop.sqlite to a fresh build (version 2, 2 rows); the old file is shop.sqlite.previous\n")
        let install = try project.kiln("install", "--bundled", "build/shop.sqlite", "--to", "app.sqlite")
        #expect(install.standardOutput == "copied the bundled database to app.sqlite\n")
        #expect(project.folder.exists("app.sqlite"))
    }

    @Test("hash and check: kiln.sum is written and a failing query exits 1 with its location")
    func hashAndCheck() throws {
        let project = try ShopProject()
        try project.folder.write("queries/shop.sql", "SELECT name FROM item;\nDELETE FROM location WHERE id=?;\n")
        let hash = try project.kiln("hash")
        #expect(hash.standardOutput == "migrations/shop/kiln.sum: 2 migrations\n")
        let check = try project.kiln("check")
        #expect(check.status == 1)
        #expect(check.standardError.hasPrefix("queries/shop.sql:2:13: error: no such table: location\n"))
        #expect(check.standardOutput.hasPrefix("kiln check: failed, 1 database, 1 error, 0 warnings"))
    }
}
