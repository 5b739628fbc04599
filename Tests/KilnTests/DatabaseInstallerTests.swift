import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A bundled database at some version of a small migration set, and a place for the app's copy.
struct InstallFixture {
    static let files: [(String, String)] = [
        (
            "0001_create.sql",
            "CREATE TABLE saint (day INTEGER NOT NULL, month INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (month, day));\nCREATE TABLE favorite (id INTEGER PRIMARY KEY, note TEXT NOT NULL);\n"
        ),
        ("0002_seed.sql", "INSERT INTO saint VALUES (19, 3, 'Giuseppe'), (4, 10, 'Francesco');\n"),
        (
            "0003_add_rank.sql",
            "ALTER TABLE favorite ADD COLUMN rank INTEGER NOT NULL DEFAULT 0;\nCREATE INDEX favorite_rank ON favorite (rank);\n"
        ),
    ]

    let folder: TemporaryDirectory
    let bundled: URL
    let destination: URL
    let migrations: MigrationSet

    /// Bundles version `version` of the fixture set (with application id 7).
    init(version: Int32 = 3, files: [(String, String)] = InstallFixture.files) throws {
        folder = try TemporaryDirectory()
        migrations = try migrationSet("saints", Array(files.prefix(Int(version))))
        bundled = folder.url.appendingPathComponent("bundle/saints.sqlite")
        try FileManager.default.createDirectory(
            at: bundled.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Migrator(migrations: migrations, applicationID: 7).migrate(fileAt: bundled.path)
        destination = folder.url.appendingPathComponent("Documents/saints.sqlite")
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    func installer(refresh: [String] = []) -> DatabaseInstaller {
        DatabaseInstaller(bundled: bundled, destination: destination, migrations: migrations, refreshTables: refresh)
    }

    func copyBytes() throws -> [UInt8] { try folder.read("Documents/saints.sqlite") }
    func bundledBytes() throws -> [UInt8] { try folder.read("bundle/saints.sqlite") }

    /// An app copy at `version` with `rows` user rows.
    func appCopy(at version: Int32, rows: Int = 3) throws {
        let older = try migrationSet("saints", Array(Self.files.prefix(Int(version))))
        try Migrator(migrations: older, applicationID: 7).migrate(fileAt: destination.path)
        let db = try SQLiteConnection(path: destination.path)
        try db.transaction {
            let insert = try db.prepare(sql: "INSERT INTO favorite (note) VALUES (?)")
            for row in 0..<rows {
                try insert.bind([.text("user row \(row)")])
                try insert.run()
                try insert.reset()
            }
        }
    }

    func sideFiles() -> [String] {
        ["-journal", "-wal", "-shm"].filter { folder.exists("Documents/saints.sqlite\($0)") }
    }
}

@Suite("Database installer")
struct DatabaseInstallerTests {
    @Test("an absent copy is copied: the destination equals the bundled file")
    func copies() throws {
        let fixture = try InstallFixture()
        #expect(try fixture.installer().install() == .init(outcome: .copied, refreshedTables: []))
        #expect(try fixture.copyBytes() == fixture.bundledBytes())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path("Documents")).filter {
            $0.contains("kiln-install")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a stale hot journal or WAL beside an absent destination is removed, never replayed onto the copy")
    func staleSideFiles() throws {
        for mode in ["DELETE", "WAL"] {
            let fixture = try InstallFixture()
            // Make real side files of a database at the destination path, mid-transaction, then remove the database.
            let path = fixture.destination.path
            let old = try SQLiteConnection(path: path)
            _ = try old.rows(sql: "PRAGMA journal_mode = \(mode)")
            try old.execute(
                sql:
                    "PRAGMA cache_size = 2; CREATE TABLE saint (x); INSERT INTO saint SELECT randomblob(500) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) SELECT i FROM n)"
            )
            if mode == "WAL" {
                // Committed frames that were never checkpointed: SQLite would apply them to any file at this path.
                try old.execute(sql: "PRAGMA wal_autocheckpoint = 0; UPDATE saint SET x = zeroblob(500)")
            } else {
                // A transaction big enough to spill the cache: the journal is synced and the file overwritten.
                try old.execute(sql: "BEGIN IMMEDIATE; UPDATE saint SET x = zeroblob(500)")
            }
            var planted: [String: [UInt8]] = [:]
            for suffix in ["-journal", "-wal", "-shm"] where fixture.folder.exists("Documents/saints.sqlite\(suffix)") {
                planted[suffix] = try fixture.folder.read("Documents/saints.sqlite\(suffix)")
            }
            if mode != "WAL" { try old.execute(sql: "ROLLBACK") }
            try old.close()
            try FileManager.default.removeItem(atPath: path)
            for (suffix, bytes) in planted {
                try fixture.folder.write("Documents/saints.sqlite\(suffix)", bytes: bytes)
            }
            #expect(!planted.isEmpty, "no side file was planted in \(mode) mode")

            #expect(try fixture.installer().install().outcome == .copied)
            // Open it the normal way, which would replay a journal left beside it, then compare bytes.
            let db = try SQLiteConnection(path: path)
            #expect(try db.integer(sql: "SELECT count(*) FROM saint") == 2)
            #expect(try db.rows(sql: "PRAGMA integrity_check") == [["ok"]])
            try db.close()
            #expect(try fixture.copyBytes() == fixture.bundledBytes(), "\(mode)")
        }
    }

    @Test("a copy at the bundled version is up to date and not written")
    func upToDate() throws {
        let fixture = try InstallFixture()
        try fixture.installer().install()
        let before = try fixture.copyBytes()
        let modified =
            try FileManager.default.attributesOfItem(atPath: fixture.destination.path)[.modificationDate] as? Date
        #expect(try fixture.installer(refresh: ["saint"]).install() == .init(outcome: .upToDate, refreshedTables: []))
        #expect(try fixture.copyBytes() == before)
        #expect(
            try FileManager.default.attributesOfItem(atPath: fixture.destination.path)[.modificationDate] as? Date
                == modified)
        #expect(fixture.sideFiles().isEmpty)
    }

    @Test("an older copy is upgraded, keeping every user row")
    func upgrades() throws {
        let fixture = try InstallFixture()
        try fixture.appCopy(at: 2)
        let report = try fixture.installer().install()
        #expect(report.outcome == .upgraded(from: 2, to: 3))
        let db = try SQLiteConnection(path: fixture.destination.path)
        #expect(
            try db.rows(sql: "SELECT note, rank FROM favorite ORDER BY id") == [
                ["user row 0", 0], ["user row 1", 0], ["user row 2", 0],
            ])
    }

    @Test("upgrades from every earlier version with 10,000 user rows keep the rows and reach the fresh schema")
    func upgradesFromEveryVersion() throws {
        for version: Int32 in 1...2 {
            let fixture = try InstallFixture()
            try fixture.appCopy(at: version, rows: 10_000)
            let db = try SQLiteConnection(path: fixture.destination.path)
            let before = try db.rows(sql: "SELECT id, note FROM favorite ORDER BY id")
            try db.close()
            #expect(try fixture.installer().install().outcome == .upgraded(from: version, to: 3))
            let after = try SQLiteConnection(path: fixture.destination.path)
            #expect(try after.rows(sql: "SELECT id, note FROM favorite ORDER BY id") == before)
            let fresh = try Migrator(migrations: fixture.migrations).freshSchema(at: 3)
            #expect(SchemaDifference.compare(expected: fresh, actual: try SchemaSnapshot.read(from: after)).isEmpty)
        }
    }

    @Test(
        "reference tables are made equal to the bundle's after an upgrade, in the same transaction; user tables are untouched"
    )
    func refreshAfterUpgrade() throws {
        let fixture = try InstallFixture()
        try fixture.appCopy(at: 2)
        let db = try SQLiteConnection(path: fixture.destination.path)
        try db.execute(sql: "UPDATE saint SET name = 'stale'; INSERT INTO saint VALUES (1, 1, 'extra')")
        try db.close()
        let report = try fixture.installer(refresh: ["saint"]).install()
        #expect(report == .init(outcome: .upgraded(from: 2, to: 3), refreshedTables: ["saint"]))
        let after = try SQLiteConnection(path: fixture.destination.path)
        #expect(
            try after.rows(sql: "SELECT day, month, name FROM saint ORDER BY month, day") == [
                [19, 3, "Giuseppe"], [4, 10, "Francesco"],
            ])
        #expect(try after.integer(sql: "SELECT count(*) FROM favorite") == 3)
    }

    @Test("a release with new reference data but no new migration still delivers it")
    func refreshWithoutMigration() throws {
        let fixture = try InstallFixture()
        try fixture.installer().install()
        let bundle = try SQLiteConnection(path: fixture.bundled.path)
        try bundle.execute(sql: "INSERT INTO saint VALUES (13, 12, 'Lucia')")
        try bundle.close()
        let db = try SQLiteConnection(path: fixture.destination.path)
        try db.execute(sql: "INSERT INTO favorite (note) VALUES ('mine')")
        try db.close()
        #expect(
            try fixture.installer(refresh: ["saint"]).install() == .init(outcome: .upToDate, refreshedTables: ["saint"])
        )
        let after = try SQLiteConnection(path: fixture.destination.path)
        #expect(try after.integer(sql: "SELECT count(*) FROM saint") == 3)
        #expect(try after.rows(sql: "SELECT note FROM favorite") == [["mine"]])
        #expect(throws: InstallerError.self) { try fixture.installer(refresh: ["nope"]).install() }
    }

    @Test(
        "refreshing alongside an upgrade never exposes the bundle to the migrations, and a case-only change is delivered"
    )
    func refreshIsolatedAndExact() throws {
        let files: [(String, String)] = [
            (
                "0001_create.sql",
                "CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE NOT NULL);\nCREATE VIEW city_names AS SELECT name FROM city;\n"
            ),
            (
                "0002_view.sql",
                "DROP VIEW IF EXISTS city_names;\nCREATE VIEW city_names AS SELECT upper(name) AS name FROM city;\n"
            ),
        ]
        let folder = try TemporaryDirectory()
        let old = try migrationSet("cities", Array(files.prefix(1)))
        let new = try migrationSet("cities", files)
        let copy = folder.path("copy.sqlite")
        try Migrator(migrations: old).migrate(fileAt: copy)
        try SQLiteConnection(path: copy).execute(sql: "INSERT INTO city VALUES (1, 'rome')")
        let bundled = folder.path("bundled.sqlite")
        try Migrator(migrations: new).migrate(fileAt: bundled)
        try SQLiteConnection(path: bundled).execute(sql: "INSERT INTO city VALUES (1, 'Rome')")
        let installer = DatabaseInstaller(
            bundled: URL(fileURLWithPath: bundled), destination: URL(fileURLWithPath: copy), migrations: new,
            refreshTables: ["city"])
        #expect(try installer.install() == .init(outcome: .upgraded(from: 1, to: 2), refreshedTables: ["city"]))
        #expect(try SQLiteConnection(path: copy).rows(sql: "SELECT name FROM city") == [["Rome"]])
        #expect(try installer.install() == .init(outcome: .upToDate, refreshedTables: []))
    }

    @Test("rows that were orphaned before a refresh do not block it")
    func refreshWithOldOrphans() throws {
        let files: [(String, String)] = [
            (
                "0001_create.sql",
                "CREATE TABLE kind (id INTEGER PRIMARY KEY, name TEXT);\nCREATE TABLE item (id INTEGER PRIMARY KEY, kind_id INTEGER REFERENCES kind (id));\n"
            )
        ]
        let folder = try TemporaryDirectory()
        let set = try migrationSet("shop", files)
        let bundled = folder.path("bundled.sqlite")
        try Migrator(migrations: set).migrate(fileAt: bundled)
        try SQLiteConnection(path: bundled).execute(sql: "INSERT INTO kind VALUES (1, 'fruit'), (2, 'veg')")
        let copy = folder.path("copy.sqlite")
        let installer = DatabaseInstaller(
            bundled: URL(fileURLWithPath: bundled), destination: URL(fileURLWithPath: copy), migrations: set,
            refreshTables: ["kind"])
        try installer.install()
        try SQLiteConnection(path: copy).execute(sql: "INSERT INTO item VALUES (1, 1), (2, 99)")  // row 2 is an orphan already
        try SQLiteConnection(path: bundled).execute(sql: "UPDATE kind SET name = 'vegetable' WHERE id = 2")
        #expect(try installer.install().refreshedTables == ["kind"])
        try SQLiteConnection(path: bundled).execute(sql: "DELETE FROM kind WHERE id = 1")
        let error = try #require(throws: InstallerError.self) { try installer.install() }
        if case .refreshBreaksForeignKeys(table: "kind", _) = error.reason {} else { Issue.record("\(error)") }
        #expect(try SQLiteConnection(path: copy).integer(sql: "SELECT count(*) FROM kind") == 2)
    }

    @Test("a newer copy is refused and left byte for byte unchanged, with its side files")
    func downgradeRefused() throws {
        let fixture = try InstallFixture(version: 2)
        try fixture.appCopy(at: 3)
        try fixture.folder.write("Documents/saints.sqlite-wal", "not really a wal")
        let before = try fixture.copyBytes()
        let error = try #require(throws: InstallerError.self) { try fixture.installer().install() }
        #expect(error.reason == .destinationIsNewer(version: 3, bundled: 2))
        #expect(try fixture.copyBytes() == before)
        #expect(try fixture.folder.read("Documents/saints.sqlite-wal") == Array("not really a wal".utf8))
    }

    @Test(
        "damaged copies are moved aside with their side files and replaced",
        arguments: ["empty", "garbage", "truncated", "other-app", "corrupt-page"])
    func recovers(kind: String) throws {
        let fixture = try InstallFixture()
        try fixture.appCopy(at: 3, rows: 2000)
        var bytes = try fixture.copyBytes()
        switch kind {
        case "empty": bytes = []
        case "garbage": bytes = Array(String(repeating: "not a database ", count: 300).utf8)
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2 + 100))
        case "other-app":
            let db = try SQLiteConnection(path: fixture.destination.path)
            try db.execute(sql: "PRAGMA application_id = 99")
            try db.close()
            bytes = try fixture.copyBytes()
        default:
            // Overwrite the headers of two b-tree pages, keeping the file header valid.
            for page in 2...3 { for index in 4096 * (page - 1)..<4096 * (page - 1) + 12 { bytes[index] = 0xFF } }
        }
        try fixture.folder.write("Documents/saints.sqlite", bytes: bytes)
        try fixture.folder.write("Documents/saints.sqlite-journal", "")
        let report = try fixture.installer().install()
        guard case .recovered(let quarantined) = report.outcome else {
            Issue.record("\(kind): \(report)")
            return
        }
        #expect(
            try Array(Data(contentsOf: URL(fileURLWithPath: quarantined))) == bytes,
            "the damaged file must be kept as it was")
        #expect(FileManager.default.fileExists(atPath: quarantined + "-journal"))
        #expect(try fixture.copyBytes() == fixture.bundledBytes())
        #expect(fixture.sideFiles().isEmpty)
    }

    @Test("migrations that do not end at the bundled version are refused before anything is written")
    func mismatchedMigrations() throws {
        let fixture = try InstallFixture()
        let installer = DatabaseInstaller(
            bundled: fixture.bundled, destination: fixture.destination,
            migrations: try migrationSet("saints", Array(InstallFixture.files.prefix(2))))
        let error = try #require(throws: InstallerError.self) { try installer.install() }
        #expect(error.reason == .migrationsDoNotMatchBundle(latest: 2, bundled: 3))
        #expect(!FileManager.default.fileExists(atPath: fixture.destination.path))
    }

    @Test("the bundled file can be opened in place, read-only and immutable")
    func openBundled() throws {
        let fixture = try InstallFixture()
        let before = try fixture.bundledBytes()
        let db = try DatabaseInstaller.openBundled(fixture.bundled)
        #expect(try db.integer(sql: "SELECT count(*) FROM saint") == 2)
        #expect(throws: SQLiteError.self) { try db.execute(sql: "DELETE FROM saint") }
        #expect(try fixture.bundledBytes() == before)
    }
}
