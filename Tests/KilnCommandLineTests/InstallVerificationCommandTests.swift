import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln install: bundle checks and --full-verification, in-process")
struct InstallVerificationCommandTests {
    /// A project with a migrated `bundled.sqlite` holding enough rows to have pages beyond the first few.
    private func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "bundled.sqlite")
        let db = try SQLiteConnection(path: project.folder.path("bundled.sqlite"))
        try db.execute(
            sql:
                "INSERT INTO item (name) SELECT hex(randomblob(400)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) SELECT i FROM n)"
        )
        try db.close()
        return project
    }

    @Test("a WAL-mode bundle is refused with what is wrong and a hint; nothing is copied")
    func walBundle() throws {
        let project = try project()
        let db = try SQLiteConnection(path: project.folder.path("bundled.sqlite"))
        _ = try db.rows(sql: "PRAGMA journal_mode = WAL")
        try db.close()
        let result = try project.kiln("install", "--bundled", "bundled.sqlite", "--to", "app.sqlite")
        #expect(result.status == 1)
        let bundled = project.folder.path("bundled.sqlite")
        #expect(
            result.standardError
                == "kiln: error: the bundled database \(bundled) is in WAL mode; a copy of the file alone may lack its last commits\nkiln: note: ship a database that no app has opened for writing, in rollback-journal mode (PRAGMA journal_mode = DELETE)\n"
        )
        #expect(!project.folder.exists("app.sqlite"))
    }

    @Test("--full-verification runs quick_check: a damaged page the header check cannot see is refused")
    func fullVerification() throws {
        let project = try project()
        var bytes = try project.folder.read("bundled.sqlite")
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        for index in (bytes.count - pageSize)..<(bytes.count - pageSize + 64) { bytes[index] = 0xEE }
        try project.folder.write("bundled.sqlite", bytes: bytes)
        let full = try project.kiln(
            "install", "--bundled", "bundled.sqlite", "--to", "app.sqlite", "--full-verification")
        #expect(full.status == 1)
        #expect(full.standardError.hasSuffix("bundled.sqlite fails quick_check\n"), "\(full.standardError)")
        #expect(!project.folder.exists("app.sqlite"))
        let quick = try project.kiln("install", "--bundled", "bundled.sqlite", "--to", "app.sqlite")
        #expect(quick.status == 0, "\(quick.standardError)")
        #expect(try project.folder.read("app.sqlite") == bytes)
    }

    @Test("install's help lists --full-verification")
    func help() throws {
        let project = try ShopProject()
        let help = try project.kiln("install", "--help")
        #expect((help.standardOutput + help.standardError).contains("--full-verification"))
    }
}
