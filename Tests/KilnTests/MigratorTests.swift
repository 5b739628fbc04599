import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("Migrator")
struct MigratorTests {
    static let shop: [(String, String)] = [
        ("0001_create_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"),
        ("0002_seed_item.sql", "INSERT INTO item (name) VALUES ('apple'), ('pear');\n"),
        (
            "0003_add_price.sql",
            "ALTER TABLE item ADD COLUMN price REAL NOT NULL DEFAULT 0;\nCREATE INDEX item_name ON item (name);\n"
        ),
    ]

    private func migrator(_ files: [(String, String)] = shop, applicationID: Int32 = 0) throws -> Migrator {
        Migrator(migrations: try migrationSet("shop", files), applicationID: applicationID)
    }

    /// Migrates a file to `version` and returns its bytes.
    private func prepared(_ folder: TemporaryDirectory, _ files: [(String, String)], to version: Int32) throws -> (
        path: String, bytes: [UInt8]
    ) {
        let path = folder.path("shop.sqlite")
        try migrator(files).migrate(fileAt: path, to: version)
        return (path, try folder.read("shop.sqlite"))
    }

    @Test("migrates an empty file to the newest version, recording it in user_version")
    func migratesToLatest() throws {
        let folder = try TemporaryDirectory()
        var events: [String] = []
        let report = try migrator().migrate(fileAt: folder.path("shop.sqlite")) { event in
            if case .applied(let migration, _) = event { events.append(migration.fileName) }
        }
        #expect(report.startVersion == 0 && report.endVersion == 3)
        #expect(events == ["0001_create_item.sql", "0002_seed_item.sql", "0003_add_price.sql"])
        let db = try SQLiteConnection(path: folder.path("shop.sqlite"))
        #expect(try Migrator.version(of: db) == 3)
        #expect(try db.integer(sql: "SELECT count(*) FROM item") == 2)
    }

    @Test("a second run applies nothing and writes nothing")
    func idempotent() throws {
        let folder = try TemporaryDirectory()
        let (path, before) = try prepared(folder, Self.shop, to: 3)
        let report = try migrator().migrate(fileAt: path)
        #expect(report.applied.isEmpty)
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test("--to stops at a version, and a later run continues from there")
    func target() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("shop.sqlite")
        #expect(try migrator().migrate(fileAt: path, to: 1).endVersion == 1)
        let report = try migrator().migrate(fileAt: path)
        #expect(report.applied.map(\.migration.version) == [2, 3])
    }

    @Test("a target below the current version or above the newest is refused")
    func badTargets() throws {
        let folder = try TemporaryDirectory()
        let (path, before) = try prepared(folder, Self.shop, to: 2)
        for target: Int32 in [1, 4] {
            let error = try #require(throws: MigrationError.self) { try migrator().migrate(fileAt: path, to: target) }
            guard case .invalidTarget = error.reason else {
                Issue.record("\(error)")
                continue
            }
        }
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test("a syntax error in statement 3 of 5 leaves the file byte for byte as before, pointing at line and column")
    func syntaxErrorRollsBack() throws {
        let folder = try TemporaryDirectory()
        let failing = """
            CREATE TABLE a (x);
            CREATE TABLE b (x);
            CREATE INDEX item_x ON item (name,);
            CREATE TABLE c (x);
            CREATE TABLE d (x);

            """
        let files = Self.shop + [("0004_broken.sql", failing)]
        let (path, before) = try prepared(folder, files, to: 3)
        let error = try #require(throws: MigrationError.self) { try migrator(files).migrate(fileAt: path) }
        #expect(
            formattedDiagnostics(error) == ["migrations/shop/0004_broken.sql:3:35: error: near \")\": syntax error"])
        #expect(try folder.read("shop.sqlite") == before)
        #expect(!folder.exists("shop.sqlite-journal"))
    }

    @Test("a constraint failure in the last statement leaves the file byte for byte as before")
    func constraintFailureRollsBack() throws {
        let folder = try TemporaryDirectory()
        let failing = """
            CREATE TABLE tag (name TEXT UNIQUE);
            INSERT INTO tag VALUES ('a');
            UPDATE item SET name = 'banana';
            INSERT INTO tag VALUES ('b');
              INSERT INTO tag VALUES ('a');
            """
        let files = Self.shop + [("0004_tags.sql", failing)]
        let (path, before) = try prepared(folder, files, to: 3)
        let error = try #require(throws: MigrationError.self) { try migrator(files).migrate(fileAt: path) }
        #expect(
            formattedDiagnostics(error) == [
                "migrations/shop/0004_tags.sql:5:3: error: UNIQUE constraint failed: tag.name"
            ])
        guard case .statementFailed(4, let sqliteError) = error.reason else {
            Issue.record("\(error.reason)")
            return
        }
        #expect(sqliteError.code.rawValue == 2067)
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test(
        "errors without an offset point at the name SQLite complains about",
        arguments: [
            (
                "CREATE TABLE a (x);\nINSERT INTO a SELECT * FROM\n  missing_table;", "3:3",
                "no such table: missing_table"
            ),
            ("CREATE TABLE item (x);", "1:14", "table item already exists"),
            ("CREATE INDEX i ON item (id);\nCREATE INDEX i ON item (name);", "2:14", "index i already exists"),
            ("ALTER TABLE item ADD COLUMN name TEXT;", "1:29", "duplicate column name: name"),
            ("INSERT INTO item (id,\n  nme) VALUES (9, 'x');", "2:3", "table item has no column named nme"),
        ])
    func namedObjectLocations(sql: String, location: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let files = Self.shop + [("0004_x.sql", sql)]
        let (path, before) = try prepared(folder, files, to: 3)
        let error = try #require(throws: MigrationError.self) { try migrator(files).migrate(fileAt: path) }
        #expect(formattedDiagnostics(error) == ["migrations/shop/0004_x.sql:\(location): error: \(message)"])
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test("a failed first migration removes the file it created")
    func failedCreationLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        let files = [("0001_bad.sql", "CREATE TABLE t (x);\nCREATE TABLE t (y);")]
        #expect(throws: MigrationError.self) { try migrator(files).migrate(fileAt: folder.path("new.sqlite")) }
        #expect(!folder.exists("new.sqlite"))
        #expect(!folder.exists("new.sqlite-journal"))
    }

    @Test("foreign key violations fail the migration, naming table and rowid")
    func foreignKeyCheck() throws {
        let folder = try TemporaryDirectory()
        let files =
            Self.shop + [
                (
                    "0004_orders.sql",
                    """
                    CREATE TABLE orders (id INTEGER PRIMARY KEY, item_id INTEGER REFERENCES item (id));
                    INSERT INTO orders (item_id) VALUES (1), (99);
                    """
                )
            ]
        let (path, before) = try prepared(folder, files, to: 3)
        let error = try #require(throws: MigrationError.self) { try migrator(files).migrate(fileAt: path) }
        #expect(
            formattedDiagnostics(error) == [
                "migrations/shop/0004_orders.sql:1:14: error: foreign key violation: table orders rowid 2 references a missing row of item"
            ])
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test("the foreign-key setting is off while a migration runs and restored afterwards")
    func foreignKeysRestored() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "PRAGMA foreign_keys = ON")
        let files =
            Self.shop + [
                ("0004_probe.sql", "CREATE TABLE probe AS SELECT foreign_keys AS fk FROM pragma_foreign_keys;")
            ]
        try migrator(files).migrate(db)
        #expect(try db.integer(sql: "SELECT fk FROM probe") == 0)
        #expect(try db.integer(sql: "PRAGMA foreign_keys") == 1)
    }

    @Test("the 12-step table rebuild of a parent with ON DELETE CASCADE children keeps every child row")
    func tableRebuildKeepsChildren() throws {
        let files: [(String, String)] = [
            (
                "0001_create.sql",
                """
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id) ON DELETE CASCADE);
                INSERT INTO parent (id, name) VALUES (1, 'a'), (2, 'b');
                INSERT INTO child (parent_id) VALUES (1), (1), (2);
                """
            ),
            (
                "0002_rebuild_parent.sql",
                """
                CREATE TABLE new_parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
                INSERT INTO new_parent (id, name) SELECT id, coalesce(name, '') FROM parent;
                DROP TABLE parent;
                ALTER TABLE new_parent RENAME TO parent;
                """
            ),
        ]
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "PRAGMA foreign_keys = ON")
        try migrator(files).migrate(db)
        #expect(try db.integer(sql: "SELECT count(*) FROM child") == 3)
        #expect(try db.rows(sql: "PRAGMA foreign_key_check").isEmpty)
        #expect(try db.integer(sql: "PRAGMA foreign_keys") == 1)
    }

    @Test("a database newer than the migrations is refused and left unchanged")
    func newerDatabase() throws {
        let folder = try TemporaryDirectory()
        let (path, before) = try prepared(folder, Self.shop, to: 3)
        let error = try #require(throws: MigrationError.self) {
            try migrator(Array(Self.shop.prefix(2))).migrate(fileAt: path)
        }
        #expect(error.reason == .databaseIsNewer(version: 3, latest: 2))
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test("a version-0 database with tables is refused; --baseline adopts it only when the schema matches")
    func baseline() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("legacy.sqlite")
        let legacy = try SQLiteConnection(path: path)
        try legacy.execute(
            sql:
                "CREATE TABLE item (id INTEGER PRIMARY KEY,\n name TEXT NOT NULL); INSERT INTO item (name) VALUES ('kept')"
        )
        try legacy.close()
        let before = try folder.read("legacy.sqlite")

        let refused = try #require(throws: MigrationError.self) { try migrator().migrate(fileAt: path) }
        #expect(refused.reason == .notCreatedByKiln)
        let mismatch = try #require(throws: MigrationError.self) { try migrator().migrate(fileAt: path, baseline: 3) }
        guard case .baselineMismatch(3, let differences) = mismatch.reason else {
            Issue.record("\(mismatch)")
            return
        }
        #expect(differences.map(\.description) == ["missing column item.price", "missing index item_name"])
        #expect(try folder.read("legacy.sqlite") == before)

        let report = try migrator().migrate(fileAt: path, baseline: 1)
        #expect(report.baselinedVersion == 1)
        #expect(report.applied.map(\.migration.version) == [2, 3])
        let db = try SQLiteConnection(path: path)
        #expect(try db.integer(sql: "SELECT count(*) FROM item") == 3)
    }

    @Test("a chain failing while it builds the baseline's schema says the file was left at version 0")
    func baselineChainFails() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("legacy.sqlite")
        try SQLiteConnection(path: path).execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let before = try folder.read("legacy.sqlite")
        let broken = Self.shop + [("0004_again.sql", "CREATE TABLE item (id);\n")]
        let error = try #require(throws: MigrationError.self) {
            try migrator(broken).migrate(fileAt: path, baseline: 4)
        }
        guard case .statementFailed(4, _) = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(
            error.hint
                == "building the schema of version 4 in memory, to compare the database with, failed at migration 4; "
                + "the database was not changed and stays at version 0")
        #expect(try folder.read("legacy.sqlite") == before)
    }

    @Test("a baseline above the target is refused")
    func baselineAboveTarget() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("legacy.sqlite")
        try SQLiteConnection(path: path).execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let error = try #require(throws: MigrationError.self) {
            try migrator().migrate(fileAt: path, to: 1, baseline: 2)
        }
        guard case .invalidTarget = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(try SQLiteConnection(path: path).integer(sql: "PRAGMA user_version") == 0)
    }

    @Test("a new database is stamped with the application id; another application's file is refused")
    func applicationID() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("shop.sqlite")
        try migrator(applicationID: 0x4B49_4C4E).migrate(fileAt: path, to: 1)
        let db = try SQLiteConnection(path: path)
        #expect(try db.integer(sql: "PRAGMA application_id") == 0x4B49_4C4E)
        try db.close()
        let before = try folder.read("shop.sqlite")
        let error = try #require(throws: MigrationError.self) { try migrator(applicationID: 7).migrate(fileAt: path) }
        #expect(error.reason == .applicationIDMismatch(found: 0x4B49_4C4E, expected: 7))
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test("a file that is not a database is refused and left alone")
    func notADatabase() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("notes.sqlite", String(repeating: "hello world ", count: 200))
        let before = try folder.read("notes.sqlite")
        let error = try #require(throws: MigrationError.self) { try migrator().migrate(fileAt: path) }
        #expect(error.reason == .notADatabase)
        let dryError = try #require(throws: MigrationError.self) { try migrator().migrate(fileAt: path, dryRun: true) }
        #expect(dryError.reason == .notADatabase)
        #expect(try folder.read("notes.sqlite") == before)
    }

    @Test("a dry run reports what would happen and never creates or changes the file")
    func dryRun() throws {
        let folder = try TemporaryDirectory()
        let fresh = try migrator().migrate(fileAt: folder.path("none.sqlite"), dryRun: true)
        #expect(fresh.applied.count == 3)
        #expect(!folder.exists("none.sqlite"))

        let (path, before) = try prepared(folder, Self.shop, to: 1)
        let report = try migrator().migrate(fileAt: path, dryRun: true)
        #expect(report.applied.map(\.migration.version) == [2, 3])
        #expect(try folder.read("shop.sqlite") == before)
    }

    @Test("migrating an empty file at every launch is a no-op the second time")
    func launchTimeMigration() throws {
        let folder = try TemporaryDirectory()
        let files = [("0001_create_test.sql", "CREATE TABLE test (field TEXT);")]
        let path = folder.path("tmp.db")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(try migrator(files).migrate(fileAt: path).applied.count == 1)
        let before = try folder.read("tmp.db")
        #expect(try migrator(files).migrate(fileAt: path).applied.isEmpty)
        #expect(try folder.read("tmp.db") == before)
    }

    @Test("the fresh schema of each version is what its migrations produce")
    func freshSchema() throws {
        let schema = try migrator().freshSchema(at: 3)
        #expect(
            schema.statements == [
                "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL DEFAULT 0)",
                "CREATE INDEX item_name ON item (name)",
            ])
        #expect(try migrator().freshSchema(at: 0).isEmpty)
    }
}
