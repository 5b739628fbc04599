import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("Concurrent migrators and crashes", .serialized)
struct ConcurrencyAndCrashTests {
    @Test("8 processes migrating one file at the same moment apply every migration exactly once")
    func concurrentProcesses() throws {
        var migrations: [(String, String)] = [
            ("0001_create_log.sql", "CREATE TABLE log (version INTEGER NOT NULL);\nINSERT INTO log VALUES (1);\n")
        ]
        for version in 2...6 {
            migrations.append(
                (
                    String(format: "%04d_step.sql", version),
                    """
                    CREATE TABLE t\(version) (a);
                    INSERT INTO t\(version) SELECT value FROM generate_series(1, 2000);
                    INSERT INTO log VALUES (\(version));
                    """.replacingOccurrences(
                        of: "SELECT value FROM generate_series(1, 2000)",
                        with:
                            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT i FROM n"
                    )
                ))
        }
        let project = try ShopProject(migrations)
        for round in 0..<3 {
            let file = "shared-\(round).sqlite"
            let processes = try (0..<8).map { _ in
                try KilnBinary.start(["migrate", "shop", "--db", file], in: project.folder.url)
            }
            for process in processes { process.waitUntilExit() }
            #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8))
            let db = try SQLiteConnection(path: project.folder.path(file))
            #expect(
                try db.rows(sql: "SELECT version, count(*) FROM log GROUP BY version ORDER BY version")
                    == (1...6).map { [.integer(Int64($0)), .integer(1)] })
            #expect(try Migrator.version(of: db) == 6)
        }
    }

    @Test(
        "kill -9 at 20 random moments: the file always opens, passes integrity_check and matches migrations 1..user_version"
    )
    func killedMigrator() throws {
        var migrations: [(String, String)] = [
            ("0001_create.sql", "CREATE TABLE base (id INTEGER PRIMARY KEY, v TEXT);\n")
        ]
        for version in 2...40 {
            let previous = version - 1
            migrations.append(
                (
                    String(format: "%04d_step.sql", version),
                    """
                    CREATE TABLE t\(version) (id INTEGER PRIMARY KEY, v TEXT NOT NULL);
                    INSERT INTO t\(version) (v) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                        SELECT printf('row %d of migration \(version) with some padding to fill pages', i) FROM n;
                    CREATE INDEX t\(version)_v ON t\(version) (v);
                    \(version % 5 == 0 ? "ALTER TABLE t\(previous) ADD COLUMN extra\(version) INTEGER;" : "UPDATE base SET v = 'touched';")
                    """
                ))
        }
        let project = try ShopProject(migrations)
        let migrator = try project.migrator()
        let started = ContinuousClock.now
        #expect(try project.kiln("migrate", "shop", "--db", "timing.sqlite").status == 0)
        let fullRun = ContinuousClock.now - started
        let window = max(
            Int(fullRun.components.seconds * 1000 + fullRun.components.attoseconds / 1_000_000_000_000_000), 50)
        var generator = SystemRandomNumberGenerator()
        var versionsSeen = Set<Int32>()
        for round in 0..<20 {
            let file = "crash-\(round).sqlite"
            let process = try KilnBinary.start(["migrate", "shop", "--db", file], in: project.folder.url)
            usleep(UInt32(Int.random(in: 5...window, using: &generator) * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard project.folder.exists(file) else { continue }
            let db = try SQLiteConnection(path: project.folder.path(file))
            #expect(try db.scalar(sql: "PRAGMA integrity_check") == .text("ok"))
            let version = try Migrator.version(of: db)
            versionsSeen.insert(version)
            let differences = SchemaDifference.compare(
                expected: try migrator.freshSchema(at: version), actual: try SchemaSnapshot.read(from: db))
            #expect(differences.isEmpty, "round \(round) at version \(version): \(differences)")
            try db.close()
            // The next launch finishes the job from wherever the killed one stopped.
            let resumed = try project.kiln("migrate", "shop", "--db", file)
            #expect(resumed.status == 0, "\(resumed.standardError)")
        }
        // The kills must land mid-run, not only before or after it.
        #expect(versionsSeen.contains { $0 > 0 && $0 < 40 }, "versions seen: \(versionsSeen.sorted())")
    }
}
