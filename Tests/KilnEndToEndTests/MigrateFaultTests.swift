import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln migrate` when the disk fails under it (the LD_PRELOAD shim): the error belongs to the file.
@Suite("kiln migrate under injected faults", .enabled(if: FaultShim.library != nil))
struct MigrateFaultTests {
    @Test("an I/O error writing the journal is reported against the database file, not a migration's line 1")
    func journalWriteFails() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/shop/0001_create.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO item (name) VALUES ('apple');\n")
        try folder.write("migrations/shop/0002_more.sql", "INSERT INTO item (name) VALUES ('pear');\n")
        #expect(
            try KilnBinary.run(["migrate", "shop", "--db", "shop.sqlite", "--to", "1"], in: folder.url).status == 0)
        let fault = FaultShim.Fault(call: "write", at: 1, action: "EIO", path: "shop.sqlite-journal")
        let raw = try FaultShim.run(["migrate", "shop", "--db", "shop.sqlite"], in: folder.url, fault: fault)
        #expect(raw.standardError.contains("faultshim: fired write"), "\(raw.standardError)")
        let result = FaultShim.kilnOutput(of: raw)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.first?.hasPrefix("kiln: error: ") == true
                && lines.first?.contains("shop.sqlite: disk I/O error") == true)
        #expect(
            lines.last
                == "kiln: note: migration 2 was rolled back; the database stays at version 1, read back after the error")
        #expect(!result.standardError.contains("migrations/shop/"))
        let db = try SQLiteConnection(path: folder.path("shop.sqlite"))
        #expect(try Migrator.version(of: db) == 1)
    }
}
