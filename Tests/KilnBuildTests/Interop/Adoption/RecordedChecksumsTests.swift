import Foundation
import Kiln
import Testing

@testable import KilnBuild

/// The one reader of the checksums other tools record (`TrackingTable.recordedChecksums`), for each tool that
/// records one, its table made as the tool makes it; and the comparison with the imported file's.
@Suite("Recorded checksums: one reader for sqlx, Flyway, drizzle and Prisma")
struct RecordedChecksumsTests {
    /// A migration file.
    static let file = Array("CREATE TABLE note (id INTEGER PRIMARY KEY);\n".utf8)
    /// Its sums, from Python's `hashlib` and `zlib` (which kiln does not share): SHA-384 (whose first byte is
    /// 0x00), SHA-256 (with a byte 0x0a), and the CRC-32 of its one line, as a signed 32-bit integer.
    static let sha384 =
        "00bef0fdf650e97526d880bba1380fbced869f88a173bc32a1c9fbdacb7bf01d5622b4bd5737a9799b5c386cfed7b718"
    static let sha256 = "eb19a4a1bc95455a68d1a082935758ad9f8a93b3f2e5681c890a6fb74d3e6de7"
    static let crc32 = "1371363423"

    /// The checksums the tracking table made by `sql` records, read as adoption reads them.
    static func checksums(_ sql: String) throws -> [String: String]? {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: sql)
        return try TrackingTable.read(from: connection, file: "app.db")?.checksums
    }

    @Test("sqlx: the SHA-384 blob as lowercase hexadecimal, its leading zero byte kept, as the file's is computed")
    func sqlx() throws {
        let recorded = try Self.checksums(
            """
            CREATE TABLE _sqlx_migrations (
                version BIGINT PRIMARY KEY, description TEXT NOT NULL,
                installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, success BOOLEAN NOT NULL,
                checksum BLOB NOT NULL, execution_time BIGINT NOT NULL);
            INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
            VALUES (20240101000000, 'create note', TRUE, x'\(Self.sha384.uppercased())', 7);
            """)
        #expect(recorded == ["20240101000000": Self.sha384])
        let imported = try #require(SourceChecksum.of(Self.file, tool: .sqlx))
        #expect(imported == Self.sha384)
        #expect(TrackingTable.matches(Self.sha384, [imported], tool: .sqlx))
        #expect(!TrackingTable.matches(Self.sha384, [String(imported.dropFirst(2))], tool: .sqlx))
    }

    @Test("Flyway: the CRC-32 integer in decimal; no baseline or repeatable row; the newest row of a version wins")
    func flyway() throws {
        let recorded = try Self.checksums(
            """
            CREATE TABLE flyway_schema_history (
                installed_rank INT NOT NULL PRIMARY KEY, version VARCHAR(50), description VARCHAR(200) NOT NULL,
                type VARCHAR(20) NOT NULL, script VARCHAR(1000) NOT NULL, checksum INT,
                installed_by VARCHAR(100) NOT NULL, installed_on TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
                execution_time INT NOT NULL, success BOOLEAN NOT NULL);
            INSERT INTO flyway_schema_history VALUES
                (1, '1', '<< Flyway Baseline >>', 'BASELINE', '<< Flyway Baseline >>', NULL, 'me', '2024-01-01', 0, 1),
                (2, '1.1', 'create note', 'SQL', 'V1_1__create_note.sql', -5, 'me', '2024-01-02', 3, 1),
                (3, '1.1', 'create note', 'SQL', 'V1_1__create_note.sql', \(Self.crc32), 'me', '2024-01-03', 3, 1),
                (4, NULL, 'views', 'SQL', 'R__views.sql', 13, 'me', '2024-01-04', 3, 1);
            """)
        #expect(recorded == ["1.1": Self.crc32])
        #expect(SourceChecksum.of(Self.file, tool: .flyway) == Self.crc32)
        #expect(
            SourceChecksum.of(Array("CREATE TABLE note (id INTEGER PRIMARY KEY);\r\n".utf8), tool: .flyway)
                == Self.crc32)
    }

    @Test("drizzle: the SHA-256 hash by created_at, a numeric column read as its integer")
    func drizzle() throws {
        let recorded = try Self.checksums(
            """
            CREATE TABLE "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric);
            INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES ('\(Self.sha256)', 1718000000000),
                ('\(String(repeating: "ab", count: 32))', '1718000500000');
            """)
        #expect(
            recorded == ["1718000000000": Self.sha256, "1718000500000": String(repeating: "ab", count: 32)])
        #expect(DrizzleLayout.checksums(of: Self.file) == [Self.sha256])
        let windows = Array("CREATE TABLE note (id INTEGER PRIMARY KEY);\r\n".utf8)
        #expect(TrackingTable.matches(Self.sha256, DrizzleLayout.checksums(of: windows), tool: .drizzle))
    }

    @Test("Prisma: the SHA-256 of finished, not rolled-back rows; the unpadded form older engines wrote matches")
    func prisma() throws {
        let other = String(repeating: "cd", count: 32)
        let recorded = try Self.checksums(
            """
            CREATE TABLE "_prisma_migrations" (
                "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
                "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
                "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
                "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0);
            INSERT INTO "_prisma_migrations" VALUES
                ('a', '\(other)', NULL, '0_init', 'boom', '2024-08-01 10:00:01', '2024-08-01 10:00:00', 0),
                ('b', '\(Self.sha256)', '2024-08-01 10:00:03', '0_init', NULL, NULL, '2024-08-01 10:00:02', 1);
            """)
        #expect(recorded == ["0_init": Self.sha256])
        let imported = PrismaLayout.checksums(of: Self.file)
        #expect(imported.first == Self.sha256)
        // prisma-engines issue 1887: each byte as `{:x}`, so 0x0a is written `a`.
        let unpadded = Self.sha256.replacingOccurrences(of: "890a6f", with: "89a6f")
        #expect(unpadded.count == 63)
        #expect(TrackingTable.matches(unpadded, imported, tool: .prisma))
        #expect(!TrackingTable.matches(unpadded, imported, tool: .drizzle))
        #expect(!TrackingTable.matches(other, imported, tool: .prisma))
    }

    @Test("a hand-edited imported.json whose Prisma sum has an odd length is a mismatch, not a crash")
    func oddImportedSum() {
        #expect(!TrackingTable.matches("abc", ["abcde"], tool: .prisma))
        #expect(TrackingTable.matches("abc", ["abcde", "0a0b0c"], tool: .prisma))
    }

    @Test("diesel records no checksum: nothing is read")
    func noChecksum() throws {
        let recorded = try Self.checksums(
            """
            CREATE TABLE __diesel_schema_migrations (
                version VARCHAR(50) PRIMARY KEY NOT NULL, run_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
            INSERT INTO __diesel_schema_migrations (version) VALUES ('20240101000000');
            """)
        #expect(recorded == [:])
    }
}
