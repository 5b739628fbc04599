import Foundation
import Kiln
import KilnTestSupport
import Testing

/// SQLite failing after a commit reached the file: the journal is deleted, then the fsync of its folder fails
/// (`SQLITE_IOERR_DIR_FSYNC`), and `COMMIT` reports an error for a change the file holds. `migrate` and
/// `seed` read the file back, say what it holds, and a second run succeeds without doing anything twice.
@Suite("kiln migrate and seed when SQLite fails after the commit", .enabled(if: FaultShim.library != nil))
struct CommitFaultTests {
    private func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/shop/0001_create.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        try folder.write("migrations/shop/0002_tag.sql", "ALTER TABLE item ADD COLUMN tag TEXT;\n")
        try folder.write("migrations/shop/0003_index.sql", "CREATE INDEX item_tag ON item (tag);\n")
        try folder.write(
            "seeds/shop/item.csv", "id,name,tag\n" + (1...50).map { "\($0),item \($0),t\($0 % 3)\n" }.joined())
        return folder
    }

    /// The fsyncs of the project folder itself: SQLite's after creating a journal (whose failure it ignores),
    /// then after deleting it, which is the commit's last step.
    private func folderSync(_ folder: TemporaryDirectory, at: Int, _ action: String) -> FaultShim.Fault {
        FaultShim.Fault(call: "fsync", at: at, action: action, path: "=" + folder.url.resolvingSymlinksInPath().path)
    }

    private func version(_ folder: TemporaryDirectory) throws -> Int32 {
        try Migrator.version(of: SQLiteConnection(path: folder.path("app.db"), mode: .readOnly))
    }

    @Test(
        "migrate says which migrations committed, read back, that the last one's durability is unknown, and what to run"
    )
    func migrateAfterCommit() throws {
        let folder = try project()
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "app.db", "--to", "1"], in: folder.url).status == 0)
        // The second folder fsync is migration 3's commit: migration 2 committed cleanly before it.
        let raw = try FaultShim.run(
            ["migrate", "shop", "--db", "app.db"], in: folder.url, fault: folderSync(folder, at: 4, "EIO"))
        #expect(raw.standardError.contains("faultshim: fired fsync #4"), "\(raw.standardError)")
        let result = FaultShim.kilnOutput(of: raw)
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("applied 0002_tag.sql ("), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("0003_index.sql"))
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        let error = try #require(lines.first)
        #expect(error.hasPrefix("kiln: error: \(folder.url.resolvingSymlinksInPath().path)/app.db: disk I/O error"))
        #expect(error.contains("(SQLITE_IOERR_DIR_FSYNC: fsync of the folder of "), "\(error)")
        #expect(error.hasSuffix("failed with EIO, Input/output error) after migration 3 committed"), "\(error)")
        let note: String =
            "kiln: note: the file is at version 3, read back after the error: migrations 2 to 3 committed; "
            + "SQLite could not finish making the last commit durable, so whether migration 3 survives a power "
            + "loss is unknown; run the same 'kiln migrate' command again once the disk is healthy: it applies "
            + "only what the file lacks"
        #expect(lines.last == note)
        #expect(try version(folder) == 3)
        let again = try KilnBinary.run(["migrate", "shop", "--db", "app.db"], in: folder.url)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput == "shop: app.db is at version 3, nothing to apply\n")
    }

    @Test("migrate --each reports the version read back for a file whose commit SQLite reported as failed")
    func fleetAfterCommit() throws {
        let folder = try project()
        try FileManager.default.createDirectory(atPath: folder.path("tenants"), withIntermediateDirectories: true)
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "tenants/a.db", "--to", "2"], in: folder.url).status == 0)
        let tenants = "=" + folder.url.resolvingSymlinksInPath().appendingPathComponent("tenants").path
        let fault = FaultShim.Fault(call: "fsync", at: 2, action: "EIO", path: tenants)
        let raw = try FaultShim.run(["migrate", "shop", "--each", "tenants", "--json"], in: folder.url, fault: fault)
        #expect(raw.standardError.contains("faultshim: fired fsync #2"), "\(raw.standardError)")
        let result = FaultShim.kilnOutput(of: raw)
        #expect(result.status == 1)
        let line = try #require(result.standardOutput.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "failed")
        #expect(object["fromVersion"] as? Int == 2 && object["toVersion"] as? Int == 3, "\(object)")
        let diagnostic = try #require(object["diagnostic"] as? [String: Any])
        #expect((diagnostic["message"] as? String)?.hasSuffix(") after migration 3 committed") == true)
        let db = try SQLiteConnection(path: folder.path("tenants/a.db"), mode: .readOnly)
        #expect(try Migrator.version(of: db) == 3)
        let text = FaultShim.kilnOutput(
            of: try FaultShim.run(["migrate", "shop", "--each", "tenants"], in: folder.url, fault: fault))
        #expect(text.standardOutput.hasPrefix("tenants/a.db: up to date at version 3\n"), "\(text.standardOutput)")
    }

    @Test("a commit that failed before it reached the file is said to be rolled back, as read back")
    func migrateBeforeCommit() throws {
        let folder = try project()
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "app.db", "--to", "1"], in: folder.url).status == 0)
        let fault = FaultShim.Fault(call: "fsync", at: 1, action: "EIO", path: "app.db-journal")
        let result = FaultShim.kilnOutput(
            of: try FaultShim.run(["migrate", "shop", "--db", "app.db"], in: folder.url, fault: fault))
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("app.db: disk I/O error (SQLITE_IOERR_FSYNC: "), "\(result.standardError)")
        #expect(result.standardError.contains("failed with EIO, Input/output error)\n"))
        #expect(
            result.standardError.hasSuffix(
                "kiln: note: migration 2 was rolled back; the database stays at version 1, read back after the error\n")
        )
        #expect(try version(folder) == 1)
    }

    @Test("seed says the load committed, names the file and the cause; seeding again succeeds and changes nothing")
    func seedAfterCommit() throws {
        let folder = try project()
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "app.db"], in: folder.url).status == 0)
        let raw = try FaultShim.run(
            ["seed", "shop", "--db", "app.db"], in: folder.url, fault: folderSync(folder, at: 2, "ENOSPC"))
        #expect(raw.standardError.contains("faultshim: fired fsync #2"), "\(raw.standardError)")
        let result = FaultShim.kilnOutput(of: raw)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        let error = try #require(lines.first)
        #expect(error.hasPrefix("kiln: error: app.db: disk I/O error (SQLITE_IOERR_DIR_FSYNC: "), "\(error)")
        #expect(error.hasSuffix("failed with ENOSPC, No space left on device) after the load committed"))
        let note: String =
            "kiln: note: app.db holds all 50 rows of the seeds' 1 table, read back after the error; SQLite "
            + "could not finish making the commit durable, so whether it survives a power loss is unknown; "
            + "running the same 'kiln seed' again is safe: a table that holds every row of its file is left as "
            + "it is"
        #expect(lines.last == note)
        let db = try SQLiteConnection(path: folder.path("app.db"), mode: .readOnly)
        #expect(try db.integer(sql: "SELECT count(*) FROM item") == 50)
        let before = try folder.read("app.db")
        let again = try KilnBinary.run(["seed", "shop", "--db", "app.db"], in: folder.url)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(
            again.standardOutput
                == "item: 50 rows from seeds/shop/item.csv (0 inserted, all already in the table, left as they are)\n"
                + "shop: app.db already holds the 50 rows of 1 table; nothing was written\n")
        #expect(try folder.read("app.db") == before)
    }

    @Test("seed on a full disk (a real tmpfs) names the file, says SQLITE_FULL and that nothing changed")
    func seedOnFullDisk() throws {
        guard let disk = try SmallDisk(kilobytes: 256) else { return }
        defer { disk.unmount() }
        let folder = disk.folder
        try folder.write("migrations/shop/0001_create.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        try folder.write(
            "seeds/shop/item.csv",
            "id,name\n" + (1...3000).map { "\($0),item \($0) with enough text to fill pages\n" }.joined())
        #expect(try KilnBinary.run(["migrate", "shop", "--db", "app.db"], in: folder.url).status == 0)
        let before = try folder.read("app.db")
        let result = try KilnBinary.run(["seed", "shop", "--db", "app.db"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: app.db: database or disk is full (SQLITE_FULL) while committing the load\n"
                + "kiln: note: the load was rolled back: app.db is as it was, read back after the error\n")
        #expect(try folder.read("app.db") == before)
        #expect(!folder.exists("app.db-journal"))
        // With room again, the same command loads every row.
        try FileManager.default.removeItem(atPath: folder.path("seeds/shop/item.csv"))
        try folder.write("seeds/shop/item.csv", "id,name\n1,apple\n")
        #expect(try KilnBinary.run(["seed", "shop", "--db", "app.db"], in: folder.url).status == 0)
    }
}

/// A tmpfs of a few kilobytes mounted on a temporary folder: a disk that really fills up. Nil when this
/// process may not mount one (not root, no tmpfs, a container without the capability).
struct SmallDisk {
    let folder: TemporaryDirectory

    init?(kilobytes: Int) throws {
        #if os(Linux)
            guard getuid() == 0 else { return nil }
            folder = try TemporaryDirectory()
            let mount = Process()
            mount.executableURL = URL(fileURLWithPath: "/bin/mount")
            mount.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.url.path]
            mount.standardError = FileHandle.nullDevice
            guard (try? mount.run()) != nil else { return nil }
            mount.waitUntilExit()
            guard mount.terminationStatus == 0 else { return nil }
        #else
            return nil
        #endif
    }

    func unmount() {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder.url.path]
        guard (try? umount.run()) != nil else { return }
        umount.waitUntilExit()
    }
}
