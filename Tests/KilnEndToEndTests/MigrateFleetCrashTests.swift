import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln migrate --each` killed at random moments, and `--shard` slices through the binary.
@Suite("kiln migrate --each, kill -9 and shards", .serialized)
struct MigrateFleetCrashTests {
    /// Four migrations heavy enough that a kill lands inside one.
    static let migrations: [(String, String)] =
        [
            ("0001_create.sql", "CREATE TABLE base (id INTEGER PRIMARY KEY, v TEXT);\n")
        ]
        + (2...4).map { version in
            (
                String(format: "%04d_step.sql", version),
                """
                CREATE TABLE t\(version) (id INTEGER PRIMARY KEY, v TEXT NOT NULL);
                INSERT INTO t\(version) (v) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
                    SELECT printf('row %d of migration \(version), padded to fill a few pages', i) FROM n;
                CREATE INDEX t\(version)_v ON t\(version) (v);
                UPDATE base SET v = 'touched';
                """
            )
        }

    /// `count` new databases (version 0) under `fleet/`, in two folders.
    static func makeFleet(_ project: ShopProject, count: Int) throws {
        for index in 0..<count {
            try project.folder.writeEmptyDatabase("fleet/\(index % 2 == 0 ? "a" : "b")/\(index).db")
        }
    }

    @Test("kill -9 at 20 random moments never leaves a file partial, and a rerun finishes the rest with exit 0")
    func killed() throws {
        let project = try ShopProject(Self.migrations)
        let migrator = try project.migrator()
        let fresh = try (0...4).map { try migrator.freshSchema(at: Int32($0)) }
        let count = 12
        try Self.makeFleet(project, count: count)
        let started = ContinuousClock.now
        #expect(try project.kiln("migrate", "shop", "--each", "fleet", "--jobs", "2").status == 0)
        let window = max(Int((ContinuousClock.now - started) / .milliseconds(1)), 20)
        var generator = SystemRandomNumberGenerator()
        var partlyDone = 0
        for round in 0..<20 {
            try FileManager.default.removeItem(atPath: project.folder.path("fleet"))
            try Self.makeFleet(project, count: count)
            let process = try KilnBinary.start(
                ["migrate", "shop", "--each", "fleet", "--jobs", "2"], in: project.folder.url)
            usleep(UInt32(Int.random(in: 2...window, using: &generator) * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // What the kill left, judged on a copy (opening it read-write rolls a hot journal back there).
            let versions = try Self.checkWhole(copyOf: project, count: count, fresh: fresh, round: round)
            if versions.count > 1 || versions.contains(where: { $0 > 0 && $0 < 4 }) { partlyDone += 1 }
            // The rerun meets the hot journals itself: each file ends at version 4, whole.
            let rerun = try project.kiln("migrate", "shop", "--each", "fleet")
            #expect(rerun.status == 0, "round \(round): \(rerun.standardOutput)\(rerun.standardError)")
            #expect(rerun.standardOutput.contains("shop: \(count) files in "))
            #expect(!rerun.standardOutput.contains("up to date at version 1"))
            #expect(try Self.checkWhole(copyOf: project, count: count, fresh: fresh, round: round) == [4])
        }
        // The kills must land mid-run, not only before or after it.
        #expect(partlyDone > 0)
    }

    /// Copies `fleet/` (journals included) and checks every file of the copy: integrity, and the schema of the
    /// version it is at. Returns the versions found.
    static func checkWhole(copyOf project: ShopProject, count: Int, fresh: [SchemaSnapshot], round: Int) throws
        -> Set<Int32>
    {
        let copy = project.folder.path("copy")
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: project.folder.path("fleet"), toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        var versions = Set<Int32>()
        for index in 0..<count {
            let db = try SQLiteConnection(path: "\(copy)/\(index % 2 == 0 ? "a" : "b")/\(index).db", mode: .readWrite)
            #expect(try db.scalar(sql: "PRAGMA integrity_check") == .text("ok"), "round \(round), file \(index)")
            let version = try Migrator.version(of: db)
            versions.insert(version)
            let differences = SchemaDifference.compare(
                expected: fresh[Int(version)], actual: try SchemaSnapshot.read(from: db))
            #expect(differences.isEmpty, "round \(round), file \(index) at version \(version): \(differences)")
            try db.close()
        }
        return versions
    }

    @Test("Ctrl-C mid-run: exit 130 with the interrupt line and no summary; every file whole; a rerun finishes")
    func interrupted() throws {
        let project = try ShopProject(Self.migrations)
        let count = 48
        try Self.makeFleet(project, count: count)
        try #require(try project.kiln("migrate", "shop", "--db", "fleet/a/0.db", "--to", "1").status == 0)
        // A writer holds file 0's lock, so the run cannot finish before the signal: it lands mid-run every time.
        let writer = try SQLiteConnection(path: project.folder.path("fleet/a/0.db"), mode: .readWrite)
        try writer.execute(sql: "BEGIN IMMEDIATE")
        var sentAt = Date.distantFuture
        // The signal goes once another file has been migrated (its user_version, header bytes 60...63, set): the
        // run is under way, its handler installed, and file 0's worker waits for the lock.
        let migratedOther = {
            (1..<count).contains { index in
                let path = project.folder.path("fleet/\(index % 2 == 0 ? "a" : "b")/\(index).db")
                guard let data = FileManager.default.contents(atPath: path), data.count >= 64 else { return false }
                return data[60..<64].contains { $0 != 0 }
            }
        }
        let (result, sent) = try KilnBinary.run(
            ["migrate", "shop", "--each", "fleet", "--jobs", "2"], in: project.folder.url, signal: SIGINT
        ) {
            guard migratedOther() else { return false }
            sentAt = Date()
            return true
        }
        try writer.execute(sql: "ROLLBACK")
        try writer.close()
        #expect(sent && result.status == 130, "\(result.standardOutput)\(result.standardError)")
        // It stops waiting for the lock within one attempt (2 s), not after all three.
        #expect(Date().timeIntervalSince(sentAt) < 4)
        #expect(result.standardError.contains("interrupted (SIGINT) after "), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("run the same command again to finish the rest\n"))
        #expect(!result.standardOutput.contains("shop: "), "\(result.standardOutput)")
        for index in 0..<count {
            let path = project.folder.path("fleet/\(index % 2 == 0 ? "a" : "b")/\(index).db")
            let db = try SQLiteConnection(path: path, mode: .readWrite)
            #expect(try db.scalar(sql: "PRAGMA integrity_check") == .text("ok"))
            try db.close()
        }
        let rerun = try project.kiln("migrate", "shop", "--each", "fleet")
        #expect(rerun.status == 0, "\(rerun.standardError)")
        #expect(!rerun.standardOutput.contains(": migrated from version 4"))
    }

    @Test("--shard K/N for N = 1...8: the slices' files are pairwise disjoint and together the whole fleet")
    func shards() throws {
        let project = try ShopProject()
        let count = 40
        for index in 0..<count { try project.folder.writeEmptyDatabase("fleet/\(index % 3)/\(index).db") }
        #expect(try project.kiln("migrate", "shop", "--each", "fleet").status == 0)
        let all = Set((0..<count).map { "fleet/\($0 % 3)/\($0).db" })
        for total in 1...8 {
            var seen: [String] = []
            for index in 1...total {
                let result = try project.kiln(
                    "migrate", "shop", "--each", "fleet", "--shard", "\(index)/\(total)", "--json")
                #expect(result.status == 0, "\(result.standardError)")
                let lines = result.standardOutput.split(separator: "\n").dropLast()
                let paths = try lines.map { line in
                    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    return object?["path"] as? String ?? "?"
                }
                seen += paths
            }
            #expect(Set(seen) == all, "N = \(total)")
            #expect(seen.count == count, "N = \(total): a file in two slices")
        }
    }
}
