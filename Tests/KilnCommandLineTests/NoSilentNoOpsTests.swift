import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("no silent no-ops: empty projects, kiln.json names, edited hashed migrations, in-process")
struct NoSilentNoOpsTests {
    @Test("check, build, hash and status in a project without databases exit 1 naming migrations/; new still works")
    func noDatabases() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("migrations"), withIntermediateDirectories: false)
        for command in [["check"], ["build", "--out", "out"], ["hash"], ["status"]] {
            let result = kiln(command, in: folder.url)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.standardError == """
                    kiln: error: no databases in \(folder.path("migrations")): kiln reads each database from a folder \
                    migrations/<database>/
                    kiln: note: create the first database with 'kiln new <database> <description>'

                    """, "\(command)")
        }
        #expect(!folder.exists("out"))
        let created = kiln(["new", "shop", "create", "item"], in: folder.url)
        #expect(created.status == 0, "\(created.standardError)")
    }

    @Test("a kiln.json entry for a misspelled database is an error at its key, with the closest name")
    func unknownDatabase() throws {
        let project = try ShopProject()
        try project.folder.write(
            "kiln.json", "{\n  \"databases\": {\n    \"shpo\": { \"pageSize\": 8192 },\n    \"zzz\": {}\n  }\n}\n")
        for command in [["build", "--out", "out"], ["migrate", "shop", "--db", "shop.sqlite"], ["check"]] {
            let result = try project.kiln(arguments: command)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.standardError == """
                    kiln.json:3:5: error: no database named 'shpo' (no folder migrations/shpo)
                    kiln.json:3:5: note: did you mean 'shop'? the databases are: shop
                    kiln.json:4:5: error: no database named 'zzz' (no folder migrations/zzz)
                    kiln.json:4:5: note: the databases are: shop

                    """, "\(command)")
        }
        #expect(!project.folder.exists("out") && !project.folder.exists("shop.sqlite"))
    }

    @Test("a delimiter for a misspelled table is an error at its key; one differing in case applies")
    func unknownSeedTable() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id;name;price\n10;apple;0.5\n")
        try project.folder.write(
            "kiln.json", "{ \"databases\": { \"shop\": {\n  \"delimiters\": { \"itme\": \";\" } } } }\n")
        let typo = try project.kiln("build", "--out", "out")
        #expect(typo.status == 1)
        #expect(
            typo.standardError == """
                kiln.json:2:19: error: a delimiter for table 'itme', which has no seed file in seeds/shop/
                kiln.json:2:19: note: did you mean 'item'? the seeded tables are: item

                """)
        try project.folder.write(
            "kiln.json", "{ \"databases\": { \"shop\": { \"delimiters\": { \"ITEM\": \";\" } } } }\n")
        let built = try project.kiln("build", "--out", "out")
        #expect(built.status == 0, "\(built.standardError)")
        let connection = try SQLiteConnection(path: project.folder.path("out/shop.sqlite"), mode: .readOnly)
        #expect(try connection.integer(sql: "SELECT count(*) FROM item WHERE name = 'apple' AND price = 0.5") == 1)
    }

    @Test("textInNumericColumns for a table without a seed file, or not an array of names, is an error at it")
    func unknownTextColumnsTable() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,apple,n/a\n")
        try project.folder.write(
            "kiln.json", "{ \"databases\": { \"shop\": {\n  \"textInNumericColumns\": { \"itme\": [\"price\"] } } } }\n"
        )
        let typo = try project.kiln("build", "--out", "out")
        #expect(typo.status == 1)
        #expect(
            typo.standardError == """
                kiln.json:2:29: error: textInNumericColumns for table 'itme', which has no seed file in seeds/shop/
                kiln.json:2:29: note: did you mean 'item'? the seeded tables are: item

                """)
        try project.folder.write(
            "kiln.json", "{ \"databases\": { \"shop\": {\n  \"textInNumericColumns\": { \"item\": \"price\" } } } }\n")
        let invalid = try project.kiln("build", "--out", "out")
        #expect(invalid.status == 1)
        #expect(
            invalid.standardError.hasPrefix(
                "kiln.json:2:37: error: 'databases.shop.textInNumericColumns.item' must be a non-empty array of column names"
            ),
            "\(invalid.standardError)")
        try project.folder.write(
            "kiln.json", "{ \"databases\": { \"shop\": { \"textInNumericColumns\": { \"ITEM\": [\"Price\"] } } } }\n")
        let built = try project.kiln("build", "--out", "out")
        #expect(built.status == 0, "\(built.standardError)")
        let connection = try SQLiteConnection(path: project.folder.path("out/shop.sqlite"), mode: .readOnly)
        #expect(try connection.integer(sql: "SELECT count(*) FROM item WHERE typeof(price) = 'text'") == 1)
    }

    @Test("migrate, build and reset refuse a migration edited after kiln hash, at the file, pointing at kiln hash")
    func editedHashedMigration() throws {
        let project = try ShopProject()
        #expect(try project.kiln("hash").status == 0)
        try project.folder.write(
            "migrations/shop/0001_create_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        let expected = """
            migrations/shop/0001_create_item.sql:1:1: error: 0001_create_item.sql was edited since 'kiln hash' recorded it
            migrations/shop/0001_create_item.sql:1:1: note: if it was never released, accept it with 'kiln hash shop'; \
            a released migration must never change: add a new one instead

            """
        let commands = [
            ["migrate", "shop", "--db", "shop.sqlite"], ["build", "--out", "out"],
            ["reset", "shop", "--db", "dev.sqlite"],
        ]
        for command in commands {
            let result = try project.kiln(arguments: command)
            #expect(result.status == 1, "\(command)")
            #expect(result.standardError == expected, "\(command)")
        }
        #expect(!project.folder.exists("shop.sqlite") && !project.folder.exists("dev.sqlite"))
        let checked = try project.kiln("check")
        #expect(checked.status == 1)
        #expect(
            checked.standardError.components(separatedBy: "was edited since").count == 2, "\(checked.standardError)")
    }

    @Test("a reformatted hashed migration and one added after kiln hash are accepted")
    func reformattedAndAddedMigrations() throws {
        let project = try ShopProject()
        #expect(try project.kiln("hash").status == 0)
        try project.folder.write(
            "migrations/shop/0001_create_item.sql",
            "-- the items\ncreate table item (\n  id integer primary key,\n  name text not null\n);\n")
        try project.folder.write("migrations/shop/0003_create_tag.sql", "CREATE TABLE tag (name TEXT);\n")
        let migrated = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrated.status == 0, "\(migrated.standardError)")
        let built = try project.kiln("build", "--out", "out")
        #expect(built.status == 0, "\(built.standardError)")
    }

    @Test("no such column for a double-quoted name gets a note saying to write a string literal")
    func doubleQuotedNote() throws {
        let project = try ShopProject()
        try project.folder.write(
            "migrations/shop/0003_flag.sql",
            "CREATE TABLE flag (state TEXT);\nINSERT INTO flag (state)\n  VALUES (\"active\");\n")
        let result = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                migrations/shop/0003_flag.sql:3:11: error: no such column: active
                migrations/shop/0003_flag.sql:3:11: note: migration 3 was rolled back; the database stays at version 2
                migrations/shop/0003_flag.sql:3:11: note: double-quoted text is an identifier; write 'active'

                """)
    }

    @Test(
        "\"doubleQuotedStrings\": true lets a legacy project's SQL use \"x\" as a string in migrate, build, status and check"
    )
    func legacyDoubleQuotedStrings() throws {
        let project = try ShopProject()
        try project.folder.write(
            "migrations/shop/0003_flag.sql",
            "CREATE TABLE flag (state TEXT DEFAULT \"new\");\nINSERT INTO flag SELECT \"active\";\n")
        try project.folder.write("kiln.json", "{ \"databases\": { \"shop\": { \"doubleQuotedStrings\": true } } }\n")
        let migrated = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(migrated.status == 0, "\(migrated.standardError)")
        let connection = try SQLiteConnection(path: project.folder.path("shop.sqlite"), mode: .readOnly)
        #expect(try connection.rows(sql: "SELECT state FROM flag").map { $0[0] } == [.text("active")])
        let built = try project.kiln("build", "--out", "out")
        #expect(built.status == 0, "\(built.standardError)")
        let status = try project.kiln("status", "shop", "--db", "shop.sqlite")
        #expect(status.status == 0, "\(status.standardError)")
        try project.folder.write("queries/shop.sql", "SELECT state FROM flag WHERE state <> \"done\";\n")
        #expect(try project.kiln("hash").status == 0)
        let checked = try project.kiln("check")
        #expect(checked.status == 0, "\(checked.standardError)")
        try project.folder.write("kiln.json", "{ \"databases\": { \"shop\": { \"doubleQuotedStrings\": \"yes\" } } }\n")
        let invalid = try project.kiln("build", "--out", "out")
        #expect(invalid.status == 1)
        #expect(
            invalid.standardError.hasPrefix(
                "kiln.json:1:51: error: 'databases.shop.doubleQuotedStrings' must be true or false\n"))
    }
}
