import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// A project to check: a `shop` database with two migrations, seeds and queries, hashed.
struct CheckProject {
    let folder: TemporaryDirectory

    init(floor: String? = "3.36.0") throws {
        folder = try TemporaryDirectory()
        try folder.write(
            "migrations/shop/0001_create_item.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT);\n")
        try folder.write(
            "migrations/shop/0002_unique_code.sql",
            "-- every code once\nCREATE UNIQUE INDEX item_code ON item (code);\n")
        // Version 1 lets two items share a code and 0002 makes codes unique: generated upgrade rows hold such
        // duplicates (as users' data can), so the project says what its data at version 1 is.
        try folder.write("fixtures/shop/1.sql", "INSERT INTO item (name, code) VALUES ('apple', 'A'), ('pear', 'P');\n")
        try folder.write("seeds/shop/item.csv", "id,name,code\n1,apple,A\n2,pear,P\n")
        try folder.write(
            "queries/shop.sql",
            "SELECT id, name FROM item WHERE code = ?;\nINSERT INTO item (name, code) VALUES (?, ?);\n")
        if let floor { try folder.write("kiln.json", "{\"minimumSQLite\": \"\(floor)\"}") }
        try hash()
    }

    var project: KilnProject { get throws { try KilnProject(root: folder.url) } }

    func hash() throws { _ = try ProjectChecker(project: try project).writeSum(for: "shop") }

    /// The first line of every finding, as `kiln check` prints it.
    func findings() throws -> [String] {
        ProjectChecker(project: try project).findings(for: "shop").flatMap(\.commandLineDiagnostics).map {
            String($0.formatted().split(separator: "\n")[0])
        }
    }

    func errors() throws -> [String] { try findings().filter { $0.contains(": error: ") } }
}

@Suite("kiln check")
struct ProjectCheckerTests {
    @Test("a correct project passes")
    func passes() throws {
        #expect(try CheckProject().findings() == [])
    }

    @Test("an edited migration fails, naming the file; a reformatted one passes")
    func edited() throws {
        let fixture = try CheckProject()
        try fixture.folder.write(
            "migrations/shop/0001_create_item.sql",
            """
            -- reformatted, same tokens
            create table ITEM (
                id integer primary key,   name text not null,
                code text
            )
            """)
        #expect(try fixture.errors() == [])
        try fixture.folder.write(
            "migrations/shop/0001_create_item.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL);\n")
        #expect(
            try fixture.errors() == [
                "migrations/shop/0001_create_item.sql:1:1: error: 0001_create_item.sql was edited since 'kiln hash' recorded it"
            ])
        try fixture.folder.write(
            "migrations/shop/0001_create_item.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT) -- 'x'\n;")
        #expect(try fixture.errors() == [])
        try fixture.folder.write(
            "migrations/shop/0001_create_item.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT DEFAULT 'a');\n")
        #expect(try fixture.errors().count == 1)
    }

    @Test("a removed, a renamed and an added migration fail")
    func removedRenamedAdded() throws {
        let fixture = try CheckProject()
        try fixture.folder.write("migrations/shop/0003_add_price.sql", "ALTER TABLE item ADD COLUMN price REAL;\n")
        #expect(
            try fixture.errors() == [
                "migrations/shop/0003_add_price.sql:1:1: error: 0003_add_price.sql is not recorded in kiln.sum"
            ])
        try fixture.hash()
        try FileManager.default.moveItem(
            atPath: fixture.folder.path("migrations/shop/0003_add_price.sql"),
            toPath: fixture.folder.path("migrations/shop/0003_price.sql"))
        #expect(
            try fixture.errors() == [
                "migrations/shop/0003_price.sql:1:1: error: 0003_price.sql was renamed from 0003_add_price.sql since 'kiln hash' recorded it"
            ])
        try FileManager.default.removeItem(atPath: fixture.folder.path("migrations/shop/0003_price.sql"))
        #expect(
            try fixture.errors() == [
                "migrations/shop/kiln.sum:6:1: error: 0003_add_price.sql was removed since 'kiln hash' recorded it"
            ])
        try FileManager.default.removeItem(atPath: fixture.folder.path("migrations/shop/kiln.sum"))
        #expect(try fixture.errors() == ["migrations/shop:1:1: error: migrations/shop/kiln.sum is missing"])
    }

    @Test("a gap in the versions fails before anything is built")
    func gap() throws {
        let fixture = try CheckProject()
        try fixture.folder.write("migrations/shop/0004_later.sql", "SELECT 1;\n")
        #expect(
            try fixture.errors() == [
                "migrations/shop/0004_later.sql:1:1: error: migration 3 is missing: versions jump from 2 ('0002_unique_code.sql') to 4 ('0004_later.sql')"
            ])
    }

    @Test("an upgrade that diverges from the fresh schema names the version it started from")
    func divergingUpgrade() throws {
        let fixture = try CheckProject()
        // Data an old app version left: its own cache table, which a fresh install never has.
        try fixture.folder.write(
            "fixtures/shop/1.sql",
            "INSERT INTO item (name, code) VALUES ('x', 'X');\nCREATE TABLE legacy_cache (key TEXT);\n")
        #expect(
            try fixture.errors() == [
                "migrations/shop/0002_unique_code.sql:1:1: error: upgrading from version 1 gives a different schema than a fresh build: extra table legacy_cache"
            ])
    }

    @Test("a query that fails only on an upgraded database names the version, once")
    func queryFailsOnlyAfterUpgrade() throws {
        let fixture = try CheckProject()
        // An old app renamed a column by itself; the upgraded database no longer has what the app queries.
        try fixture.folder.write("fixtures/shop/1.sql", "ALTER TABLE item RENAME COLUMN name TO title;\n")
        #expect(
            try fixture.errors() == [
                "migrations/shop/0002_unique_code.sql:1:1: error: upgrading from version 1 gives a different schema than a fresh build: missing column item.name",
                "migrations/shop/0002_unique_code.sql:1:1: error: upgrading from version 1 gives a different schema than a fresh build: extra column item.title",
                "queries/shop.sql:1:12: error: no such column: name (after upgrading from version 1)",
                "queries/shop.sql:2:19: error: table item has no column named name (after upgrading from version 1)",
            ])
    }

    @Test("a fixture whose data breaks a new unique index fails at the migration's statement")
    func fixtureBreaksUniqueIndex() throws {
        let fixture = try CheckProject()
        try fixture.folder.write(
            "fixtures/shop/1.sql", "INSERT INTO item (name, code) VALUES ('apple', 'A'), ('avocado', 'A');\n")
        #expect(
            try fixture.errors() == [
                "migrations/shop/0002_unique_code.sql:2:1: error: UNIQUE constraint failed: item.code, when upgrading from version 1 with data"
            ])
        try fixture.folder.write(
            "fixtures/shop/1.sql",
            "INSERT INTO item (name, code) VALUES ('apple', 'A');\nINSERT INTO nowhere VALUES (1);\n")
        #expect(
            try fixture.errors() == [
                "fixtures/shop/1.sql:2:13: error: no such table: nowhere (the fixture runs against a database at version 1)"
            ])
    }

    @Test("a query against a missing column or table points into the queries file")
    func badQueries() throws {
        let fixture = try CheckProject()
        try fixture.folder.write(
            "queries/shop.sql",
            "SELECT id, name FROM item WHERE code = ?;\n\nSELECT id, nme FROM item;\n-- the person app's delete named the wrong table\nDELETE FROM location WHERE id=?;\n"
        )
        #expect(
            try fixture.errors() == [
                "queries/shop.sql:3:12: error: no such column: nme",
                "queries/shop.sql:5:13: error: no such table: location",
            ])
    }

    @Test("features newer than minimumSQLite fail at their token; words in strings and comments do not count")
    func featureFloor() throws {
        let fixture = try CheckProject(floor: "3.36.0")
        try fixture.folder.write(
            "migrations/shop/0003_strict.sql",
            """
            -- STRICT tables would be nice; RETURNING too
            CREATE TABLE audit (id INTEGER PRIMARY KEY, note TEXT DEFAULT 'STRICT iif( -> unixepoch(') STRICT;
            INSERT INTO audit (note) VALUES ('x') RETURNING id;
            """)
        try fixture.hash()
        // RETURNING (3.35.0) is within the floor; STRICT (3.37.0) is not.
        #expect(
            try fixture.errors() == [
                "migrations/shop/0003_strict.sql:2:92: error: STRICT tables needs SQLite 3.37.0, but the app supports SQLite 3.36.0 (minimumSQLite in kiln.json)"
            ])
        let newer = try CheckProject(floor: "3.37.0")
        try newer.folder.write(
            "migrations/shop/0003_strict.sql", "CREATE TABLE audit (id INTEGER PRIMARY KEY, note TEXT) STRICT;\n")
        try newer.hash()
        #expect(try newer.errors() == [])
    }

    @Test(
        "each feature is found by its tokens",
        arguments: [
            ("ALTER TABLE item DROP COLUMN code;", "ALTER TABLE DROP COLUMN"),
            ("ALTER TABLE item RENAME COLUMN code TO sku;", "ALTER TABLE RENAME COLUMN"),
            ("CREATE TABLE t (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2));", "generated columns"),
            ("CREATE TABLE t (a INTEGER, b INTEGER AS (a * 2) STORED);", "generated columns"),
            ("CREATE VIEW v AS SELECT sqrt(id) FROM item;", "the math function sqrt()"),
            ("CREATE VIEW v AS SELECT row_number() OVER (ORDER BY id) FROM item;", "window functions"),
            (
                "CREATE TRIGGER t AFTER INSERT ON item BEGIN INSERT INTO item (id, name) VALUES (1, 'a') ON CONFLICT (id) DO NOTHING; END;",
                "UPSERT (ON CONFLICT … DO)"
            ),
            ("CREATE VIEW v AS SELECT name ->> '$.a' FROM item;", "the ->> operator"),
            ("CREATE VIEW v AS SELECT unixepoch('now');", "the unixepoch() function"),
            ("CREATE VIEW v AS SELECT iif(id > 1, 'a', 'b') FROM item;", "the iif() function"),
        ])
    func features(sql: String, feature: String) {
        var lexer = SQLLexer(sql)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        let found = statements.flatMap { SQLiteFeatures.uses(in: $0, lexer: lexer) }.map(\.feature)
        #expect(found.contains(feature), "\(found)")
        #expect(
            SQLiteFeatures.uses(in: statements[0], lexer: lexer).allSatisfy {
                $0.introduced > SQLiteVersion("3.24.0")! || $0.feature.hasPrefix("UPSERT")
            })
    }

    @Test(
        "old syntax that looks similar is not flagged",
        arguments: [
            "CREATE TABLE t (a TEXT UNIQUE ON CONFLICT REPLACE);",
            "ALTER TABLE item RENAME TO goods;",
            "CREATE TABLE strict (x);",
            "CREATE TABLE t AS SELECT * FROM item;",
            "SELECT 'STRICT', \"over\" FROM item -- iif(\n;",
        ])
    func notFlagged(sql: String) {
        var lexer = SQLLexer(sql)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        #expect(statements.flatMap { SQLiteFeatures.uses(in: $0, lexer: lexer) }.isEmpty)
    }

    @Test("lint warnings: destructive migrations, seeds without a primary key, full scans")
    func warnings() throws {
        let fixture = try CheckProject()
        try fixture.folder.write(
            "migrations/shop/0003_cleanup.sql",
            "DELETE FROM item;\nCREATE TABLE note (body TEXT);\nCREATE TABLE scratch (x);\nDROP TABLE scratch;\n")
        try fixture.folder.write("seeds/shop/note.csv", "body\nhello\n")
        try fixture.folder.write("queries/shop.sql", "SELECT id FROM item WHERE name = ?;\n")
        try fixture.hash()
        let findings = try fixture.findings()
        #expect(
            findings.contains(
                "migrations/shop/0003_cleanup.sql:1:1: warning: DELETE without WHERE in a migration after the first deletes user data on every device that upgrades [delete-without-where]"
            ))
        #expect(
            findings.contains(
                "migrations/shop/0003_cleanup.sql:4:1: warning: DROP TABLE in a migration after the first deletes user data on every device that upgrades [drop-table]"
            ))
        #expect(
            findings.contains(
                "seeds/shop/note.csv:1:1: warning: table 'note' has a seed but no primary key [seed-without-primary-key]"
            ))
        #expect(
            findings.contains(
                "queries/shop.sql:1:1: warning: SQLite reads every row of 'item' for this query (its plan on the built file: SCAN item) [full-scan]"
            ))
        #expect(try fixture.errors() == [])
    }
}

@Suite("kiln check matches names as SQLite does")
struct CheckIdentifierMatchingTests {
    @Test("a seed of table é is checked against é, not against É without a primary key")
    func accentedSeedTable() throws {
        let fixture = try CheckProject()
        try fixture.folder.write(
            "migrations/shop/0003_accents.sql",
            "CREATE TABLE \"é\" (id INTEGER PRIMARY KEY);\nCREATE TABLE \"É\" (body TEXT);\n")
        try fixture.folder.write("seeds/shop/é.csv", "id\n1\n")
        try fixture.hash()
        let findings = try fixture.findings()
        #expect(!findings.contains { $0.contains("has a seed but no primary key") }, "\(findings)")
        try fixture.folder.write("seeds/shop/É.csv", "body\nx\n")
        #expect(
            try fixture.findings().contains(
                "seeds/shop/É.csv:1:1: warning: table 'É' has a seed but no primary key [seed-without-primary-key]"))
    }
}
