import Kiln
import KilnTestSupport
import Testing

@Suite("Migration set validation")
struct MigrationSetTests {
    /// The diagnostics loading `files` produces.
    private func problems(_ files: [(String, String)]) -> [String] {
        do {
            _ = try migrationSet("shop", files)
            return []
        } catch {
            return formattedDiagnostics(error)
        }
    }

    @Test("a valid set loads ordered by version, ignoring files that are not .sql")
    func valid() throws {
        let set = try migrationSet(
            "shop",
            [
                ("0002_add_price.sql", "ALTER TABLE item ADD COLUMN price REAL;"),
                ("README.md", "notes"),
                ("1_create_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY);"),
            ])
        #expect(set.migrations.map(\.version) == [1, 2])
        #expect(set.migrations.map(\.slug) == ["create_item", "add_price"])
        #expect(set.latestVersion == 2)
    }

    @Test(
        "file names that are not <version>_<slug>.sql are errors",
        arguments: [
            (
                "create_item.sql",
                "'create_item.sql' is not a valid migration file name: the name must start with a version number"
            ),
            (
                "0001.sql",
                "'0001.sql' is not a valid migration file name: the name must be '<version>_<description>.sql'"
            ),
            (
                "0001_.sql",
                "'0001_.sql' is not a valid migration file name: the description after the version may only hold"
            ),
            (
                "0001_create item.sql",
                "'0001_create item.sql' is not a valid migration file name: the description after the version"
            ),
            (
                "0001_create.SQL",
                "'0001_create.SQL' is not a valid migration file name: the extension must be lowercase"
            ),
            ("0000_zero.sql", "'0000_zero.sql' is not a valid migration file name: version 0 is the empty database"),
            (
                "2147483648_big.sql",
                "'2147483648_big.sql' is not a valid migration file name: version 2147483648 does not fit"
            ),
        ])
    func badNames(name: String, message: String) {
        let found = problems([("1_ok.sql", "SELECT 1;"), (name, "SELECT 1;")])
        #expect(found.contains { $0.hasPrefix("migrations/shop/\(name):1:1: error: \(message)") }, "\(found)")
    }

    @Test("the largest version that fits user_version is accepted")
    func largestVersion() {
        #expect(MigrationFileName.parse("2147483647_last.sql") == .migration(version: Int32.max, slug: "last"))
    }

    @Test("a duplicate version names both files")
    func duplicate() {
        let found = problems([("0001_a.sql", "SELECT 1;"), ("0002_b.sql", "SELECT 1;"), ("2_c.sql", "SELECT 1;")])
        #expect(
            found.contains(
                "migrations/shop/0002_b.sql:1:1: error: duplicate migration version 2: also used by '2_c.sql'"))
        #expect(
            found.contains(
                "migrations/shop/2_c.sql:1:1: error: duplicate migration version 2: also used by '0002_b.sql'"))
    }

    @Test("a gap names the files on both sides")
    func gap() {
        let found = problems([("0001_a.sql", "SELECT 1;"), ("0002_b.sql", "SELECT 1;"), ("0004_d.sql", "SELECT 1;")])
        #expect(
            found.first
                == "migrations/shop/0004_d.sql:1:1: error: migration 3 is missing: versions jump from 2 ('0002_b.sql') to 4 ('0004_d.sql')"
        )
    }

    @Test("versions must start at 1")
    func startsAtOne() {
        let found = problems([("0002_b.sql", "SELECT 1;")])
        #expect(
            found.first
                == "migrations/shop/0002_b.sql:1:1: error: migration versions must start at 1, but the first is 2")
    }

    @Test("a folder without migrations is an error")
    func empty() {
        #expect(
            problems([("notes.txt", "x")]).first == "migrations/shop:1:1: error: no migrations in 'migrations/shop'")
    }

    @Test(
        "an empty or comment-only file is a valid placeholder version",
        arguments: ["", "  \n", "-- just a comment\n/* and this */\n", ";;"])
    func placeholder(text: String) throws {
        #expect(problems([("0001_a.sql", text)]).isEmpty)
        let set = try MigrationSet(
            database: "shop", directoryPath: "migrations/shop",
            files: [("0001_a.sql", Array(text.utf8)), ("0002_b.sql", Array("CREATE TABLE t (x);".utf8))])
        #expect(set.migrations.map(\.isPlaceholder) == [true, false])
        let connection = try SQLiteConnection(path: ":memory:")
        try Migrator(migrations: set).migrate(connection)
        #expect(try Migrator.version(of: connection) == 2)
    }

    @Test("invalid UTF-8 is reported where it starts")
    func invalidUTF8() throws {
        var bytes = Array("CREATE TABLE t (a);\nSELECT '".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("';".utf8)
        do {
            _ = try MigrationSet(database: "shop", directoryPath: "migrations/shop", files: [("0001_a.sql", bytes)])
            Issue.record("expected an error")
        } catch {
            #expect(
                formattedDiagnostics(error).first
                    == "migrations/shop/0001_a.sql:2:9: error: the file is not valid UTF-8")
        }
    }

    @Test("an unterminated string is reported where it opens")
    func unterminated() {
        let found = problems([("0001_a.sql", "CREATE TABLE t (a);\nINSERT INTO t VALUES ('oops);\n")])
        #expect(found.first == "migrations/shop/0001_a.sql:2:23: error: unterminated string literal")
    }

    @Test(
        "statements the migrator owns are refused at their location",
        arguments: [
            ("BEGIN;", "1:1", "migrations may not control transactions (BEGIN)"),
            ("begin immediate transaction;", "1:1", "migrations may not control transactions (BEGIN)"),
            ("COMMIT;", "1:1", "migrations may not control transactions (COMMIT)"),
            ("END TRANSACTION;", "1:1", "migrations may not control transactions (END)"),
            ("ROLLBACK;", "1:1", "migrations may not control transactions (ROLLBACK)"),
            ("SAVEPOINT a;", "1:1", "migrations may not control transactions (SAVEPOINT)"),
            ("RELEASE a;", "1:1", "migrations may not control transactions (RELEASE)"),
            ("PRAGMA user_version = 3;", "1:8", "migrations may not set PRAGMA user_version"),
            ("pragma main.USER_VERSION=3;", "1:13", "migrations may not set PRAGMA user_version"),
            ("PRAGMA foreign_keys = OFF;", "1:8", "migrations may not change PRAGMA foreign_keys"),
            ("PRAGMA \"journal_mode\" = WAL;", "1:8", "migrations may not change PRAGMA journal_mode"),
            ("VACUUM;", "1:1", "migrations may not run VACUUM"),
            ("ATTACH 'x.db' AS x;", "1:1", "migrations may not ATTACH databases"),
            ("DETACH x;", "1:1", "migrations may not DETACH databases"),
            ("EXPLAIN COMMIT;", "1:9", "migrations may not control transactions (COMMIT)"),
        ])
    func forbidden(statement: String, location: String, message: String) {
        let text = "CREATE TABLE t (a);\n" + statement + "\n"
        let line = Int(location.split(separator: ":")[0])! + 1
        let column = location.split(separator: ":")[1]
        let found = problems([("0001_a.sql", text)])
        #expect(found.first == "migrations/shop/0001_a.sql:\(line):\(column): error: \(message)", "\(found)")
    }

    @Test("BEGIN and END inside a trigger body, and forbidden words in strings or comments, are allowed")
    func allowedLookalikes() throws {
        _ = try migrationSet(
            "shop",
            [
                (
                    "0001_a.sql",
                    """
                    CREATE TABLE t (a, note TEXT DEFAULT 'COMMIT; VACUUM');
                    -- PRAGMA user_version = 9; BEGIN;
                    CREATE TRIGGER tr AFTER INSERT ON t BEGIN
                        UPDATE t SET note = 'END' WHERE rowid = new.rowid;
                    END;
                    PRAGMA user_version_other_thing;
                    """
                )
            ])
    }

    @Test("every problem of a set is reported at once")
    func reportsAll() {
        let found = problems([("0001_a.sql", "BEGIN;"), ("0003_c.sql", "-- a placeholder"), ("bad.sql", "SELECT 1;")])
        #expect(found.count == 3, "\(found)")  // a name, a gap, a forbidden statement; the placeholder is valid
    }

    @Test("new file names pad the version and slug the words")
    func newNames() {
        #expect(MigrationFileName.make(version: 3, words: ["Add", "ISO2", "column!"]) == "0003_add_iso2_column.sql")
        #expect(MigrationFileName.make(version: 12345, words: []) == "12345_migration.sql")
    }

    @Test("a new file name's slug stops at the length asked, however long the words (a table's name, for plan)")
    func longWords() {
        let long = String(repeating: "q", count: 3000)
        let name = MigrationFileName.make(version: 2, words: ["create", long], maximumSlugLength: 100)
        #expect(name == "0002_create_" + String(repeating: "q", count: 93) + ".sql")
        #expect(MigrationFileName.make(version: 2, words: ["create", long]).count == 3016)
        #expect(
            !MigrationFileName.make(version: 2, words: Array(repeating: "abc", count: 26), maximumSlugLength: 100)
                .contains("_.sql"))
        #expect(
            MigrationFileName.parse(name) == .migration(version: 2, slug: "create_" + String(repeating: "q", count: 93))
        )
    }
}
