import Foundation
import Kiln
import Testing

@Suite("SQLite's clock pinned through a VFS, random() and randomblob() seeded")
struct SQLiteClockTests {
    /// 2023-11-14 22:13:20 UTC.
    static let instant: Int64 = 1_700_000_000

    @Test("every way of asking for 'now' answers the pinned instant, in plain statements")
    func plainStatements() throws {
        let db = try SQLiteConnection(path: ":memory:", clock: .pinned(secondsSince1970: Self.instant))
        let row = try #require(
            try db.rows(
                sql: """
                    SELECT CURRENT_TIMESTAMP, CURRENT_DATE, CURRENT_TIME, date('now'), datetime('now'),
                           julianday('now'), strftime('%s','now'), time('now')
                    """
            ).first)
        #expect(
            row == [
                "2023-11-14 22:13:20", "2023-11-14", "22:13:20", "2023-11-14", "2023-11-14 22:13:20",
                .real(2_460_263.425925926), "1700000000", "22:13:20",
            ])
        if SQLiteConnection.libraryVersionNumber >= 3_038_000 {
            #expect(try db.integer(sql: "SELECT unixepoch()") == Self.instant)
        }
    }

    @Test("DEFAULT expressions and triggers see the pinned instant")
    func defaultsAndTriggers() throws {
        let db = try SQLiteConnection(path: ":memory:", clock: .pinned(secondsSince1970: Self.instant))
        try db.execute(
            sql: """
                CREATE TABLE event (id INTEGER PRIMARY KEY, at TEXT DEFAULT CURRENT_TIMESTAMP, day TEXT DEFAULT (date('now')),
                                    stamped INTEGER);
                CREATE TRIGGER event_stamp AFTER INSERT ON event BEGIN
                    UPDATE event SET stamped = strftime('%s','now') WHERE id = NEW.id;
                END;
                INSERT INTO event (id) VALUES (1);
                """)
        #expect(
            try db.rows(sql: "SELECT at, day, stamped FROM event") == [
                ["2023-11-14 22:13:20", "2023-11-14", 1_700_000_000]
            ])
    }

    @Test("connections pinned at different instants each keep their own, on a file too; the system clock is untouched")
    func separateConnections() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try SQLiteConnection(
            path: folder.appendingPathComponent("a.sqlite").path, clock: .pinned(secondsSince1970: 0))
        let second = try SQLiteConnection(path: ":memory:", clock: .pinned(secondsSince1970: 86_400))
        let system = try SQLiteConnection(path: ":memory:")
        try first.execute(sql: "CREATE TABLE t (at TEXT DEFAULT CURRENT_TIMESTAMP); INSERT INTO t DEFAULT VALUES")
        #expect(try first.scalar(sql: "SELECT at FROM t") == "1970-01-01 00:00:00")
        #expect(try second.scalar(sql: "SELECT CURRENT_TIMESTAMP") == "1970-01-02 00:00:00")
        let now = Int64(Date().timeIntervalSince1970)
        let seen = try system.integer(sql: "SELECT CAST(strftime('%s','now') AS INTEGER)")
        #expect(abs(seen - now) < 60)
    }

    @Test("an instant outside 1970 through 9999 is refused")
    func outOfRange() {
        #expect(throws: SQLiteError.self) {
            try SQLiteConnection(path: ":memory:", clock: .pinned(secondsSince1970: -1))
        }
        #expect(throws: SQLiteError.self) {
            try SQLiteConnection(
                path: ":memory:", clock: .pinned(secondsSince1970: SQLiteClock.latestSecondsSince1970 + 1))
        }
    }

    /// What random functions give on a fresh connection seeded with `seed`.
    private func draws(seed: [UInt8]) throws -> [SQLiteValue] {
        let db = try SQLiteConnection(path: ":memory:")
        try db.useDeterministicRandomness(seed: seed)
        try db.execute(
            sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, uuid TEXT DEFAULT (hex(randomblob(16))), n INTEGER DEFAULT (random()));
                INSERT INTO t (id) VALUES (1), (2);
                """)
        return try db.rows(sql: "SELECT uuid, n FROM t ORDER BY id").flatMap { $0 }
            + db.rows(sql: "SELECT random(), hex(randomblob(5))").flatMap { $0 }
    }

    @Test("random() and randomblob() repeat under the same seed, in defaults too, and change with it")
    func deterministicRandomness() throws {
        let seed = Array("the sources' digest".utf8)
        let first = try draws(seed: seed)
        #expect(first == (try draws(seed: seed)))
        #expect(first != (try draws(seed: Array("other sources".utf8))))
        #expect(Set(first).count == first.count)
        guard case .text(let uuid) = first[0] else { throw SQLiteError(code: .misuse, message: "not text") }
        #expect(uuid.count == 32)
    }

    @Test("randomblob keeps the built-in's edges: N < 1 gives one byte, beyond the length limit is an error")
    func randomblobEdges() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.useDeterministicRandomness(seed: [1, 2, 3])
        #expect(try db.integer(sql: "SELECT length(randomblob(0))") == 1)
        #expect(try db.integer(sql: "SELECT length(randomblob(-5))") == 1)
        #expect(try db.integer(sql: "SELECT length(randomblob(1001))") == 1001)
        #expect(try db.integer(sql: "SELECT count(*) FROM (SELECT random() AS r) WHERE abs(r) >= 0") == 1)
        #expect(throws: SQLiteError.self) { try db.scalar(sql: "SELECT randomblob(2000000000000)") }
    }

    @Test("replacing random() after seeding leaves randomblob() working and still seeded (they share one state)")
    func replacingOneKeepsTheOther() throws {
        let seeded = { () throws -> SQLiteConnection in
            let db = try SQLiteConnection(path: ":memory:")
            try db.useDeterministicRandomness(seed: [4, 5, 6])
            return db
        }
        let reference = try seeded()
        let expected = try reference.scalar(sql: "SELECT hex(randomblob(16))")
        let db = try seeded()
        try db.createFunction(named: "random", argumentCount: 0) { _ in .integer(42) }
        #expect(try db.integer(sql: "SELECT random()") == 42)
        #expect(try db.scalar(sql: "SELECT hex(randomblob(16))") == expected)
        try db.createFunction(named: "randomblob", argumentCount: 1) { _ in .blob([1]) }
        #expect(try db.integer(sql: "SELECT length(randomblob(8))") == 1)
    }
}
