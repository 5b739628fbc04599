import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln binary")
struct CommandLineTests {
    @Test("--version prints the bare version on stdout")
    func version() throws {
        let result = try ShopProject().kiln("--version")
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(KilnVersion.current)\n")
        #expect(result.standardError.isEmpty)
    }

    @Test("help, --help and -h print the same text on stdout")
    func help() throws {
        let project = try ShopProject()
        let viaHelp = try project.kiln("help", "migrate")
        let viaFlag = try project.kiln("migrate", "--help")
        let viaShort = try project.kiln("migrate", "-h")
        #expect(viaHelp.status == 0 && viaFlag.status == 0 && viaShort.status == 0)
        #expect(viaHelp.standardOutput == viaFlag.standardOutput && viaFlag.standardOutput == viaShort.standardOutput)
        #expect(viaHelp.standardOutput.hasPrefix("OVERVIEW: Brings a database file to the newest version"))
        let root = try project.kiln("--help")
        for command in ["migrate", "status", "new", "schema"] {
            #expect(root.standardOutput.contains("\n  \(command) "))
        }
    }

    @Test("usage errors exit 64 with the usage line on stderr")
    func usageErrors() throws {
        let result = try ShopProject().kiln("migrate", "shop", "--db", "x.sqlite", "--dryrun")
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                kiln migrate: error: unknown option '--dryrun'
                kiln migrate: note: did you mean '--dry-run'?
                Usage: kiln migrate <database> --db <file> [--to <version>] [--dry-run] [--baseline <version>] [--root <dir>]
                  See 'kiln help migrate' for more.

                """)
        #expect(try ShopProject().kiln("migrate", "shop", "--db", "x", "--to", "two").status == 64)
        #expect(try ShopProject().kiln().status == 64)
    }

    @Test("migrate prints one line per migration and the summary, and the file is at the newest version")
    func migrate() throws {
        let project = try ShopProject()
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("applied 0001_create_item.sql (") && lines[0].hasSuffix(" ms)"))
        #expect(lines[1].hasPrefix("applied 0002_add_price.sql ("))
        #expect(lines[2] == "shop: shop.sqlite migrated from version 0 to 2 (2 migrations)")
        #expect(result.standardError.isEmpty)
        let db = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        #expect(try Migrator.version(of: db) == 2)

        let again = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(again.standardOutput == "shop: shop.sqlite is at version 2, nothing to apply\n")
    }

    @Test("--root points at a project elsewhere; --db stays relative to the current folder")
    func root() throws {
        let project = try ShopProject()
        let elsewhere = try TemporaryDirectory()
        let result = try KilnBinary.run(
            ["migrate", "shop", "--db", "here.sqlite", "--root", project.folder.url.path], in: elsewhere.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(elsewhere.exists("here.sqlite"))
        #expect(!project.folder.exists("here.sqlite"))
    }

    @Test("a failing migration prints file:line:column, exits 1 and leaves the file byte for byte as before")
    func failingMigration() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let before = try project.folder.read("shop.sqlite")
        try project.folder.write(
            "migrations/shop/0003_broken.sql", "CREATE TABLE tag (name TEXT);\nINSERT INTO tag SELECT nme FROM item;\n")
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                migrations/shop/0003_broken.sql:2:24: error: no such column: nme
                migrations/shop/0003_broken.sql:2:24: note: migration 3 was rolled back; the database stays at version 2

                """)
        #expect(try project.folder.read("shop.sqlite") == before)
    }

    @Test("an invalid migration set is refused before the database is opened")
    func invalidSet() throws {
        let project = try ShopProject()
        try project.folder.write("migrations/shop/0004_skip.sql", "SELECT 1;")
        try project.folder.write("migrations/shop/0003_tx.sql", "BEGIN;\nCREATE TABLE x (a);\nCOMMIT;\n")
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "migrations/shop/0003_tx.sql:1:1: error: migrations may not control transactions (BEGIN)"))
        #expect(
            result.standardError.contains(
                "migrations/shop/0003_tx.sql:3:1: error: migrations may not control transactions (COMMIT)"))
        #expect(!project.folder.exists("shop.sqlite"))
    }

    @Test("--dry-run reports what would be applied and changes nothing")
    func dryRun() throws {
        let project = try ShopProject()
        let fresh = try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--dry-run")
        #expect(fresh.status == 0)
        #expect(fresh.standardOutput.contains("would apply 0001_create_item.sql"))
        #expect(
            fresh.standardOutput.hasSuffix(
                "shop: dry run, shop.sqlite would go from version 0 to 2 (2 migrations); the file was not changed\n"))
        #expect(!project.folder.exists("shop.sqlite"))
        try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--to", "1")
        let before = try project.folder.read("shop.sqlite")
        let partial = try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--dry-run")
        #expect(partial.standardOutput.contains("would apply 0002_add_price.sql"))
        #expect(try project.folder.read("shop.sqlite") == before)
    }

    @Test("migrate refuses a newer database and one kiln did not create, without writing")
    func refusals() throws {
        let project = try ShopProject()
        let path = project.folder.path("legacy.sqlite")
        let db = try SQLiteConnection(path: path)
        try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try db.close()
        let before = try project.folder.read("legacy.sqlite")
        let refused = try project.kiln("migrate", "shop", "--db", "legacy.sqlite")
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "kiln: error: the database is at version 0 but already has tables: kiln did not create it\nkiln: note: if its schema is what migrations 1 to N produce, adopt it with '--baseline N'"
            ))
        #expect(try project.folder.read("legacy.sqlite") == before)
        let adopted = try project.kiln("migrate", "shop", "--db", "legacy.sqlite", "--baseline", "1")
        #expect(adopted.status == 0, "\(adopted.standardError)")
        #expect(
            adopted.standardOutput.hasPrefix(
                "baselined legacy.sqlite at version 1: its schema matches migrations 1 to 1\napplied 0002_add_price.sql"
            ))

        let newer = try ShopProject([ShopProject.migrations[0]])
        try FileManager.default.copyItem(atPath: path, toPath: newer.folder.path("legacy.sqlite"))
        let downgrade = try newer.kiln("migrate", "shop", "--db", "legacy.sqlite")
        #expect(downgrade.status == 1)
        #expect(
            downgrade.standardError.hasPrefix(
                "kiln: error: the database is at version 2, but the newest migration of 'shop' is 1"))
    }

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

@Suite("kiln seed binary")
struct SeedCommandTests {
    private func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,apple,0.5\n11,\"pear, green\",1\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        return project
    }

    @Test("seed loads every table and prints a line per table and a summary")
    func seed() throws {
        let project = try project()
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "item: 2 rows from seeds/shop/item.csv (2 inserted)")
        #expect(lines.last?.hasPrefix("shop: seeded shop.sqlite with 2 rows in 1 table (") == true)
        #expect(result.standardError.isEmpty)
        let db = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        #expect(
            try db.rows(sql: "SELECT name, typeof(price) FROM item WHERE id >= 10 ORDER BY id") == [
                ["apple", "real"], ["pear, green", "real"],
            ])
    }

    @Test("a failing seed prints file:line:column, exits 1, and leaves the database byte for byte unchanged")
    func failure() throws {
        let project = try project()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,apple,0.5\n10,plum,2\n")
        let before = try project.folder.read("shop.sqlite")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                seeds/shop/item.csv:3:1: error: UNIQUE constraint failed: item.id (value 10 was already loaded at line 2)
                seeds/shop/item.csv:3:1: note: each row needs its own key; remove or change one of the two rows

                """)
        #expect(try project.folder.read("shop.sqlite") == before)
    }

    @Test("--json prints one document with per-table counts; --mode and --only are checked")
    func json() throws {
        let project = try project()
        let result = try project.kiln(
            "seed", "shop", "--db", "shop.sqlite", "--mode", "sync", "--only", "item", "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        #expect(document["formatVersion"] as? Int == 1)
        #expect(document["rows"] as? Int == 2)
        let table = (document["tables"] as! [[String: Any]])[0]
        // The migration's own row (id 1) is not in the CSV, so sync deletes it.
        #expect(table["inserted"] as? Int == 2 && table["deleted"] as? Int == 1)
        let badMode = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--mode", "upsrt")
        #expect(badMode.status == 64)
        #expect(
            badMode.standardError.hasPrefix(
                "kiln seed: error: '--mode' takes insert, upsert or sync, not 'upsrt'\nkiln seed: note: did you mean 'upsert'?"
            ))
        let badOnly = try project.kiln("seed", "shop", "--db", "shop.sqlite", "--only", "items")
        #expect(badOnly.status == 1)
        #expect(
            badOnly.standardError.hasPrefix(
                "kiln: error: no seed file for table 'items' in seeds/shop\nkiln: note: did you mean 'item'?"))
    }

    @Test("a database behind the newest migration is refused")
    func behind() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name\n1,apple\n")
        try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--to", "1")
        let result = try project.kiln("seed", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: shop.sqlite is at version 1, but the seeds are written for the newest version, 2\nkiln: note: run 'kiln migrate shop --db shop.sqlite' first\n"
        )
    }
}

@Suite("kiln build and reset binary")
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

@Suite("kiln check and hash binary")
struct CheckCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("kiln check passes on the repository's own five databases")
    func repository() throws {
        let folder = try TemporaryDirectory()
        let result = try KilnBinary.run(["check", "--root", Self.repository.path], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("kiln check: passed, 5 databases, 0 errors, "))
        #expect(!result.standardError.contains("error:"))
    }

    @Test(
        "the person app's original DELETE FROM location is caught, with its location and exit 1; --json has the same finding"
    )
    func personDelete() throws {
        let folder = try TemporaryDirectory()
        for file in ["migrations/person/0001_create_person.sql", "seeds/person/person.csv"] {
            try folder.write(file, bytes: Array(try Data(contentsOf: Self.repository.appendingPathComponent(file))))
        }
        try folder.write(
            "queries/person.sql",
            "INSERT INTO person VALUES(?,?);\nDELETE FROM person;\nDELETE FROM location WHERE id=?;\n")
        let hash = try KilnBinary.run(["hash"], in: folder.url)
        #expect(hash.standardOutput == "migrations/person/kiln.sum: 1 migration\n")
        let result = try KilnBinary.run(["check"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("queries/person.sql:3:13: error: no such table: location\n"))
        #expect(result.standardOutput.hasPrefix("kiln check: failed, 1 database, 1 error, 0 warnings"))
        let json = try KilnBinary.run(["check", "--json"], in: folder.url)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        #expect(document["formatVersion"] as? Int == 1 && document["passed"] as? Bool == false)
        let finding = ((document["databases"] as! [[String: Any]])[0]["diagnostics"] as! [[String: Any]])[0]
        #expect(finding["code"] as? String == "query-failed")
        #expect(
            finding["path"] as? String == "queries/person.sql" && finding["line"] as? Int == 3
                && finding["column"] as? Int == 13)
        #expect(finding["severity"] as? String == "error" && finding["message"] as? String == "no such table: location")
    }
}
