import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A database each tool migrated to its third version, its tracking table filled as that tool fills it, taken
/// over by `kiln migrate --adopt` after `kiln import`.
@Suite("kiln migrate --adopt")
struct AdoptCommandTests {
    /// Per tool: the tracking table as the tool creates and fills it after applying its first three migrations
    /// (sqlx's and Flyway's checksums set by ``recordChecksums(of:in:)``).
    static let tracking: [String: String] = [
        "diesel": """
        CREATE TABLE __diesel_schema_migrations (
            version VARCHAR(50) PRIMARY KEY NOT NULL, run_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
        INSERT INTO __diesel_schema_migrations (version) VALUES ('20240102150405'), ('20240105093000'), ('20240211120000');
        """,
        "sqlx": """
        CREATE TABLE _sqlx_migrations (
            version BIGINT PRIMARY KEY, description TEXT NOT NULL,
            installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, success BOOLEAN NOT NULL,
            checksum BLOB NOT NULL, execution_time BIGINT NOT NULL);
        INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) VALUES
            (20240102150405, 'create users', TRUE, x'01', 1), (20240105093000, 'create notes', TRUE, x'02', 1),
            (20240211120000, 'add tags', TRUE, x'03', 1);
        """,
        "dbmate": """
        CREATE TABLE IF NOT EXISTS "schema_migrations" (version varchar(128) primary key);
        INSERT INTO schema_migrations (version) VALUES ('20240102150405'), ('20240105093000'), ('20240211120000');
        """,
        "golang-migrate": """
        CREATE TABLE schema_migrations (version uint64, dirty bool);
        CREATE UNIQUE INDEX version_unique ON schema_migrations (version);
        INSERT INTO schema_migrations VALUES (3, false);
        """,
        "goose": """
        CREATE TABLE goose_db_version (
            id INTEGER PRIMARY KEY AUTOINCREMENT, version_id INTEGER NOT NULL, is_applied INTEGER NOT NULL,
            tstamp TIMESTAMP DEFAULT (datetime('now')));
        INSERT INTO goose_db_version (version_id, is_applied) VALUES
            (0, 1), (20240102150405, 1), (20240105093000, 1), (20240211120000, 1);
        """,
        "flyway": """
        CREATE TABLE flyway_schema_history (
            installed_rank INT NOT NULL PRIMARY KEY, version VARCHAR(50), description VARCHAR(200) NOT NULL,
            type VARCHAR(20) NOT NULL, script VARCHAR(1000) NOT NULL, checksum INT,
            installed_by VARCHAR(100) NOT NULL, installed_on TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
            execution_time INT NOT NULL, success BOOLEAN NOT NULL);
        INSERT INTO flyway_schema_history VALUES
            (1, '1', 'create users', 'SQL', 'V1__create_users.sql', 1, 'me', '2024-01-01', 3, 1),
            (2, '1.2', 'create notes', 'SQL', 'V1.2__create_notes.sql', 2, 'me', '2024-01-02', 3, 1),
            (3, '1.9', 'add tags', 'SQL', 'V1.9__add_tags.sql', 3, 'me', '2024-01-03', 3, 1);
        """,
    ]

    /// A project with `fixture` imported, and `app.db` made by the tool: its first three up files, its
    /// tracking table, and a user's row.
    static func adoptable(_ fixture: ImportFixture) throws -> TemporaryDirectory {
        let project = try TemporaryDirectory.emptyProject()
        let imported = kiln(["import", "app", fixture.path, "--from", fixture.tool], in: project.url)
        try #require(imported.status == 0, "\(imported.standardError)")
        let firstThree = ImportFixture(
            tool: fixture.tool, isDetected: fixture.isDetected, upFiles: Array(fixture.upFiles.prefix(3)),
            downMarker: fixture.downMarker)
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(sql: try firstThree.upSQL())
        try database.execute(sql: try #require(Self.tracking[fixture.tool]))
        try Self.recordChecksums(of: firstThree, in: database)
        try database.execute(sql: "INSERT INTO users (email) VALUES ('ada@example.com')")
        try database.close()
        return project
    }

    /// sqlx's and Flyway's rows get the checksums the tools record for the files applied, in order.
    static func recordChecksums(of applied: ImportFixture, in database: SQLiteConnection) throws {
        guard ["sqlx", "flyway"].contains(applied.tool) else { return }
        let sums = try ToolTrackingTables.checksums(
            tool: applied.tool, files: applied.upFiles.map { "\(applied.path)/\($0)" })
        for (index, sum) in sums.enumerated() {
            try database.execute(
                sql: applied.tool == "sqlx"
                    ? "UPDATE _sqlx_migrations SET checksum = x'\(sum)' WHERE version = "
                        + "(SELECT version FROM _sqlx_migrations ORDER BY version LIMIT 1 OFFSET \(index))"
                    : "UPDATE flyway_schema_history SET checksum = \(sum) WHERE installed_rank = \(index + 1)")
        }
    }

    @Test(
        "a database the tool migrated to its third version is adopted at 3 and migrated to 5, its rows kept",
        arguments: ImportFixture.all.filter { tracking[$0.tool] != nil })
    func adopt(fixture: ImportFixture) throws {
        let project = try Self.adoptable(fixture)
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("maps to kiln version 3\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("baselined app.db at version 3: its schema matches migrations 1 to 3\n"))
        #expect(result.standardOutput.contains(" to 5 (2 migrations)\n"))
        let database = try SQLiteConnection(path: project.path("app.db"), mode: .readOnly)
        #expect(try Migrator.version(of: database) == 5)
        #expect(try database.integer(sql: "SELECT count(*) FROM users WHERE email = 'ada@example.com'") == 1)
        let status = kiln(["status", "app", "--db", "app.db"], in: project.url)
        #expect(status.standardOutput.contains("no drift"), "\(status.standardOutput)\(status.standardError)")
    }

    @Test("a schema that is not the mapped version's is refused with its differences, the file byte-identical")
    func drifted() throws {
        let project = try Self.adoptable(ImportFixture.all[0])
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(sql: "CREATE INDEX users_created ON users (created_at)")
        try database.close()
        let before = try project.read("app.db")
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("extra index users_created"), "\(result.standardError)")
        #expect(try project.read("app.db") == before)
    }

    @Test("--drop-tracking-table drops the old tool's table once adopted; a dirty golang-migrate file is refused")
    func dropAndDirty() throws {
        let diesel = try Self.adoptable(ImportFixture.all[0])
        let dropped = kiln(
            ["migrate", "app", "--db", "app.db", "--adopt", "--drop-tracking-table"], in: diesel.url)
        #expect(dropped.status == 0, "\(dropped.standardError)")
        let database = try SQLiteConnection(path: diesel.path("app.db"), mode: .readOnly)
        #expect(
            try database.integer(sql: "SELECT count(*) FROM sqlite_schema WHERE name = '__diesel_schema_migrations'")
                == 0)
        let golang = try Self.adoptable(try #require(ImportFixture.all.first { $0.tool == "golang-migrate" }))
        let dirty = try SQLiteConnection(path: golang.path("app.db"))
        try dirty.execute(sql: "UPDATE schema_migrations SET dirty = true")
        try dirty.close()
        let refused = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: golang.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("golang-migrate marked version 3 dirty"), "\(refused.standardError)")
    }

    @Test(
        "an imported.json from grdb or not JSON is an error naming it; --drop-tracking-table alone is a usage error"
    )
    func unreadableMappingAndLoneFlag() throws {
        let project = try Self.adoptable(try #require(ImportFixture.all.first { $0.tool == "diesel" }))
        // GRDB's tracking table is read, but no `kiln import` ever wrote a mapping from it.
        let mapping = try String(contentsOfFile: project.path("migrations/app/imported.json"), encoding: .utf8)
        try project.write(
            "migrations/app/imported.json",
            mapping.replacingOccurrences(of: "\"tool\" : \"diesel\"", with: "\"tool\" : \"grdb\""))
        let grdb = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(grdb.status == 1)
        #expect(
            grdb.standardError.hasPrefix(
                "kiln: error: migrations/app/imported.json cannot be read as kiln import's mapping: kiln import "
                    + "never imports from grdb\n"), "\(grdb.standardError)")
        try project.write("migrations/app/imported.json", "{ not json")
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "kiln: error: migrations/app/imported.json cannot be read as kiln import's mapping"),
            "\(result.standardError)")
        let lone = kiln(["migrate", "app", "--db", "app.db", "--drop-tracking-table"], in: project.url)
        #expect(lone.status == 64)
        #expect(lone.standardError.hasPrefix("kiln migrate: error: '--drop-tracking-table' goes with '--adopt'"))
    }
}
