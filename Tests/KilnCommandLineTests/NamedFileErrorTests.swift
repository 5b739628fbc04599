import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Requests kiln cannot do are errors that name the file and the real cause, and change nothing.
@Suite("Errors name their file and cause; a request kiln cannot do is an error")
struct NamedFileErrorTests {
    /// A project with dbmate's fixture imported as `app`.
    static func importedProject() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory.emptyProject()
        let fixture = try #require(ImportFixture.all.first { $0.tool == "dbmate" })
        let imported = kiln(["import", "app", fixture.path, "--from", "dbmate"], in: project.url)
        try #require(imported.status == 0, "\(imported.standardError)")
        return project
    }

    @Test("adopting a file whose own table is called schema_migrations names the table and the missing column")
    func adoptUserTable() throws {
        let project = try Self.importedProject()
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(
            sql: "CREATE TABLE schema_migrations (name TEXT); INSERT INTO schema_migrations VALUES ('x')")
        try database.close()
        let before = try project.read("app.db")
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: app.db: schema_migrations is not dbmate's tracking table: it has no column 'version'\n"
                + "kiln: note: if it is a table of your own, rename it, then adopt the file with a baseline instead\n")
        #expect(try project.read("app.db") == before)
    }

    @Test("a tracking-table row without a version is refused as such, not as 'records version ,'")
    func nullVersion() throws {
        let project = try Self.importedProject()
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(
            sql:
                "CREATE TABLE schema_migrations (version VARCHAR(128) PRIMARY KEY); INSERT INTO schema_migrations VALUES (NULL)"
        )
        try database.close()
        let before = try project.read("app.db")
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: app.db: dbmate's schema_migrations has a row without a version (NULL or empty)\n"
                + "kiln: note: delete or repair that row with dbmate itself, so every row names a migration\n")
        #expect(try project.read("app.db") == before)
        let missing = kiln(["migrate", "app", "--db", "none.db", "--adopt"], in: project.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("kiln: error: no such file: none.db\n"))
        #expect(!project.exists("none.db"))
    }

    @Test("status --db on a truncated file names it and says how much is missing")
    func truncatedStatus() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let database = try SQLiteConnection(path: project.folder.path("shop.sqlite"))
        try database.execute(
            sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) "
                + "INSERT INTO item (name) SELECT hex(randomblob(60)) FROM n")
        try database.close()
        let bytes = try project.folder.read("shop.sqlite")
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        try project.folder.write("shop.sqlite", bytes: Array(bytes.prefix(2 * pageSize)))
        let result = try project.kiln("status", "shop", "--db", "shop.sqlite")
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: shop.sqlite is truncated: its header says \(bytes.count / pageSize) pages of "
                + "\(pageSize) bytes (\(bytes.count) bytes), but the file has \(2 * pageSize) bytes\n"
                + "kiln: note: the missing pages are lost: restore shop.sqlite from a copy, or make it again with "
                + "'kiln migrate'\n")
    }

    @Test("install --to a loop of symbolic links says so, with the errno's text, and creates nothing")
    func installLinkLoop() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "bundled.sqlite")
        try FileManager.default.createSymbolicLink(atPath: project.folder.path("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: project.folder.path("b"), withDestinationPath: "a")
        let result = try project.kiln("install", "--bundled", "bundled.sqlite", "--to", "a")
        #expect(result.status == 1)
        let loop = project.folder.url.resolvingSymlinksInPath().path + "/a"
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("kiln: error: cannot open ") == true, "\(result.standardError)")
        #expect(lines.first?.hasSuffix("/a: \(String(cString: strerror(ELOOP)))") == true, "\(result.standardError)")
        #expect(lines.last?.hasPrefix("kiln: note: ") == true && lines.last?.contains("loop of symbolic links") == true)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: loop)) == "b")
        // The install's lock file stays, as after any install; nothing else was created.
        let left = try FileManager.default.contentsOfDirectory(atPath: project.folder.url.path)
        #expect(left.filter { !$0.hasSuffix(".kiln-lock") }.sorted() == ["a", "b", "bundled.sqlite", "migrations"])
    }

    @Test("install --refresh of SQLite's own table or a view is an error, whether the copy exists or not")
    func refreshNotATable() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "bundled.sqlite")
        let bundled = try SQLiteConnection(path: project.folder.path("bundled.sqlite"))
        try bundled.execute(sql: "CREATE VIEW item_names AS SELECT name FROM item")
        try bundled.close()
        let first = try project.kiln(
            "install", "--bundled", "bundled.sqlite", "--to", "app.sqlite", "--refresh", "sqlite_master")
        #expect(first.status == 1)
        #expect(
            first.standardError
                == "kiln: error: cannot refresh 'sqlite_master' in app.sqlite: it is SQLite's own table, not a reference table\n"
                + "kiln: note: name only ordinary tables of the bundled database to refresh\n")
        #expect(!project.folder.exists("app.sqlite"))
        #expect(try project.kiln("install", "--bundled", "bundled.sqlite", "--to", "app.sqlite").status == 0)
        let before = try project.folder.read("app.sqlite")
        let view = try project.kiln(
            "install", "--bundled", "bundled.sqlite", "--to", "app.sqlite", "--refresh", "item_names")
        #expect(view.status == 1)
        #expect(
            view.standardError.hasPrefix(
                "kiln: error: cannot refresh 'item_names' in app.sqlite: it is a view, not a reference table\n"))
        #expect(try project.folder.read("app.sqlite") == before)
    }

    @Test("a fleet pattern that climbs above / with ../ finds and migrates the files, as the shell would")
    func fleetAboveRoot() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(
            atPath: project.folder.path("tenants"), withIntermediateDirectories: true)
        try project.kiln("migrate", "shop", "--db", "tenants/a.db", "--to", "1")
        let real = project.folder.url.resolvingSymlinksInPath().path
        let climb = String(repeating: "../", count: real.split(separator: "/").count + 3)
        let pattern = climb + real.dropFirst() + "/tenants/*.db"
        let result = try project.kiln("migrate", "shop", "--each", pattern)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("read-only"))
        #expect(
            result.standardOutput.hasPrefix("\(climb)\(real.dropFirst())/tenants/a.db: migrated from version 1 to 2"))
        let db = try SQLiteConnection(path: project.folder.path("tenants/a.db"), mode: .readOnly)
        #expect(try Migrator.version(of: db) == 2)
    }

    @Test("import into a target that is a regular file says what it is, and leaves it alone")
    func importIntoFile() throws {
        let project = try TemporaryDirectory.emptyProject()
        try project.write("migrations/app", "notes\n")
        let fixture = try #require(ImportFixture.all.first { $0.tool == "dbmate" })
        let result = kiln(["import", "app", fixture.path, "--from", "dbmate"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: migrations/app is a regular file, not a database folder\n"
                + "kiln: note: import under another database name, or move that file away first\n")
        #expect(try project.read("migrations/app") == Array("notes\n".utf8))
    }
}
