import Foundation
import Kiln
import KilnBuild
import Testing

/// Each tool's tracking table, created and filled the way that tool does it.
@Suite("Reading other tools' tracking tables")
struct TrackingTableTests {
    static func database(_ sql: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);\n" + sql)
        return connection
    }

    static func read(_ sql: String) throws -> TrackingTable? {
        try TrackingTable.read(from: try database(sql), file: "app.db")
    }

    @Test("diesel: one row per applied migration, the folder's timestamp without dashes")
    func diesel() throws {
        let table = try Self.read(
            """
            CREATE TABLE __diesel_schema_migrations (
                version VARCHAR(50) PRIMARY KEY NOT NULL, run_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
            INSERT INTO __diesel_schema_migrations (version) VALUES ('20240201090000'), ('20240115143022');
            """)
        #expect(
            table
                == TrackingTable(
                    tool: .diesel, tableName: "__diesel_schema_migrations",
                    applied: .versions(["20240115143022", "20240201090000"])))
    }

    @Test("sqlx: versions in order; a failed migration is refused")
    func sqlx() throws {
        let create = """
            CREATE TABLE _sqlx_migrations (
                version BIGINT PRIMARY KEY, description TEXT NOT NULL,
                installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, success BOOLEAN NOT NULL,
                checksum BLOB NOT NULL, execution_time BIGINT NOT NULL);
            INSERT INTO _sqlx_migrations VALUES (20230101000000, 'init', '2023-01-01', TRUE, x'00', 5);
            INSERT INTO _sqlx_migrations VALUES (20230301000000, 'tags', '2023-03-01', TRUE, x'00', 5);

            """
        #expect(try Self.read(create)?.applied == .versions(["20230101000000", "20230301000000"]))
        #expect(try Self.read(create)?.checksums == ["20230101000000": "00", "20230301000000": "00"])
        #expect(throws: TrackingTableError(.failed(tool: .sqlx, version: "20230401000000"), file: "app.db")) {
            try Self.read(
                create + "INSERT INTO _sqlx_migrations VALUES (20230401000000, 'x', '2023-04-01', FALSE, x'00', 5);")
        }
    }

    @Test("golang-migrate: the newest version stands for all before it; dirty is refused with its own error")
    func golangMigrate() throws {
        let create = """
            CREATE TABLE schema_migrations (version uint64, dirty bool);
            CREATE UNIQUE INDEX version_unique ON schema_migrations (version);

            """
        let table = try Self.read(create + "INSERT INTO schema_migrations VALUES (3, false);")
        #expect(table?.tool == .golangMigrate)
        #expect(table?.applied == .through("3", andLater: []))
        let dirty = #expect(throws: TrackingTableError.self) {
            try Self.read(create + "INSERT INTO schema_migrations VALUES (4, true);")
        }
        #expect(dirty?.reason == .dirty(tool: .golangMigrate, version: "4"))
        #expect(
            dirty?.diagnostics.first?.message == "app.db: golang-migrate marked version 4 dirty: it failed half-way")
    }

    @Test("dbmate: schema_migrations without a dirty column, one row per version")
    func dbmate() throws {
        let table = try Self.read(
            """
            CREATE TABLE IF NOT EXISTS "schema_migrations" (version varchar(128) primary key);
            INSERT INTO schema_migrations (version) VALUES ('20220101120000'), ('20220301120000');
            """)
        #expect(
            table
                == TrackingTable(
                    tool: .dbmate, tableName: "schema_migrations",
                    applied: .versions(["20220101120000", "20220301120000"])))
    }

    @Test("goose: the newest log row of each version decides; a rolled-back version is not applied")
    func goose() throws {
        let table = try Self.read(
            """
            CREATE TABLE goose_db_version (
                id INTEGER PRIMARY KEY AUTOINCREMENT, version_id INTEGER NOT NULL, is_applied INTEGER NOT NULL,
                tstamp TIMESTAMP DEFAULT (datetime('now')));
            INSERT INTO goose_db_version (version_id, is_applied) VALUES (0, 1), (1, 1), (2, 1), (3, 1), (3, 0);
            """)
        #expect(table?.applied == .versions(["1", "2"]))
    }

    @Test("Flyway: a baseline stands for every version up to it; a failed script is refused")
    func flyway() throws {
        let create = """
            CREATE TABLE flyway_schema_history (
                installed_rank INT NOT NULL PRIMARY KEY, version VARCHAR(50), description VARCHAR(200) NOT NULL,
                type VARCHAR(20) NOT NULL, script VARCHAR(1000) NOT NULL, checksum INT,
                installed_by VARCHAR(100) NOT NULL, installed_on TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
                execution_time INT NOT NULL, success BOOLEAN NOT NULL);
            INSERT INTO flyway_schema_history VALUES
                (1, '1', '<< Flyway Baseline >>', 'BASELINE', '<< Flyway Baseline >>', NULL, 'me', '2024-01-01', 0, 1),
                (2, '1.1', 'add tags', 'SQL', 'V1_1__add_tags.sql', 12, 'me', '2024-01-02', 3, 1),
                (3, NULL, 'views', 'SQL', 'R__views.sql', 13, 'me', '2024-01-02', 3, 1);

            """
        #expect(try Self.read(create)?.applied == .through("1", andLater: ["1.1"]))
        // The baseline has no checksum, the repeatable script no version.
        #expect(try Self.read(create)?.checksums == ["1.1": "12"])
        #expect(throws: TrackingTableError(.failed(tool: .flyway, version: "2"), file: "app.db")) {
            try Self.read(
                create
                    + "INSERT INTO flyway_schema_history VALUES (4, '2', 'x', 'SQL', 'V2__x.sql', 1, 'me', '2024-01-03', 1, 0);"
            )
        }
    }

    @Test("GRDB: identifiers in the order they were applied")
    func grdb() throws {
        let table = try Self.read(
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1'), ('v2-add-tags');
            """)
        #expect(table?.applied == .versions(["v1", "v2-add-tags"]))
    }

    @Test("no tracking table is nil; two tools' tables are refused")
    func noneOrSeveral() throws {
        #expect(try Self.read("") == nil)
        #expect(throws: TrackingTableError(.several(tools: [.diesel, .grdb]), file: "app.db")) {
            try Self.read(
                "CREATE TABLE __diesel_schema_migrations (version TEXT PRIMARY KEY); CREATE TABLE grdb_migrations (identifier TEXT PRIMARY KEY);"
            )
        }
    }
}
