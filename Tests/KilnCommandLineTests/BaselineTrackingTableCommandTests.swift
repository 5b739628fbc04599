import Foundation
import Kiln
import KilnTestSupport
import Testing

/// One tool's tracking table, created and filled as the tool makes it.
struct ToolTable: Sendable, CustomTestStringConvertible {
    let tool: String
    let table: String
    let sql: String

    var testDescription: String { tool }

    static let all = [
        ToolTable(
            tool: "diesel", table: "__diesel_schema_migrations",
            sql: """
                CREATE TABLE __diesel_schema_migrations (
                    version VARCHAR(50) PRIMARY KEY NOT NULL, run_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
                INSERT INTO __diesel_schema_migrations (version) VALUES ('20240101000000');
                """),
        ToolTable(
            tool: "sqlx", table: "_sqlx_migrations",
            sql: """
                CREATE TABLE _sqlx_migrations (
                    version BIGINT PRIMARY KEY, description TEXT NOT NULL,
                    installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, success BOOLEAN NOT NULL,
                    checksum BLOB NOT NULL, execution_time BIGINT NOT NULL);
                INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
                VALUES (20240101000000, 'create note', TRUE, x'0102', 4);
                """),
        ToolTable(
            tool: "golang-migrate", table: "schema_migrations",
            sql: """
                CREATE TABLE schema_migrations (version uint64, dirty bool);
                CREATE UNIQUE INDEX version_unique ON schema_migrations (version);
                INSERT INTO schema_migrations VALUES (1, false);
                """),
        ToolTable(
            tool: "goose", table: "goose_db_version",
            sql: """
                CREATE TABLE goose_db_version (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, version_id INTEGER NOT NULL, is_applied INTEGER NOT NULL,
                    tstamp TIMESTAMP DEFAULT (datetime('now')));
                INSERT INTO goose_db_version (version_id, is_applied) VALUES (0, 1), (1, 1);
                """),
        ToolTable(
            tool: "dbmate", table: "schema_migrations",
            sql: """
                CREATE TABLE IF NOT EXISTS "schema_migrations" (version varchar(128) primary key);
                INSERT INTO schema_migrations (version) VALUES ('20240101000000');
                """),
        ToolTable(
            tool: "flyway", table: "flyway_schema_history",
            sql: """
                CREATE TABLE "flyway_schema_history" (
                    "installed_rank" INT NOT NULL PRIMARY KEY, "version" VARCHAR(50), "description" VARCHAR(200) NOT NULL,
                    "type" VARCHAR(20) NOT NULL, "script" VARCHAR(1000) NOT NULL, "checksum" INT,
                    "installed_by" VARCHAR(100) NOT NULL, "installed_on" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
                    "execution_time" INT NOT NULL, "success" BOOLEAN NOT NULL);
                CREATE INDEX "flyway_schema_history_s_idx" ON "flyway_schema_history" ("success");
                INSERT INTO flyway_schema_history VALUES
                    (1, '1', 'create note', 'SQL', 'V1__create_note.sql', 12, 'me', '2024-01-01', 3, 1);
                """),
        ToolTable(
            tool: "drizzle", table: "__drizzle_migrations",
            sql: """
                CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric);
                INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES ('ab', 1718000000000);
                """),
        ToolTable(
            tool: "prisma", table: "_prisma_migrations",
            sql: """
                CREATE TABLE "_prisma_migrations" (
                    "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
                    "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
                    "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
                    "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0);
                INSERT INTO "_prisma_migrations" VALUES
                    ('a', 'ab', '2024-08-01 10:00:01', '0_init', NULL, NULL, '2024-08-01 10:00:00', 1);
                """),
        ToolTable(
            tool: "grdb", table: "grdb_migrations",
            sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1');
                """),
    ]
}

/// `kiln migrate --baseline N` on a file whose only table beyond the schema of N is another tool's tracking
/// table: the baseline is taken and the table kept with a note (kiln ignores it), or dropped with
/// `--drop-tracking-table` in the baseline's transaction; a table of the user's is drift all the same, and
/// never dropped.
@Suite("kiln migrate --baseline and another tool's tracking table")
struct BaselineTrackingTableCommandTests {
    /// The notes history, and `dev.sqlite` at its first migration with a row, holding what `sql` makes.
    static func project(holding sql: String) throws -> ShopProject {
        let project = try ShopProject([
            ("0001_create_note.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n"),
            ("0002_add_body.sql", "ALTER TABLE note ADD COLUMN body TEXT;\n"),
        ])
        let connection = try SQLiteConnection(path: project.folder.path("dev.sqlite"))
        try connection.execute(
            sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n"
                + "INSERT INTO note (title) VALUES ('kept');\n" + sql)
        try connection.close()
        return project
    }

    /// The names of the objects in `dev.sqlite` that belong to `table` (itself, its indexes).
    static func objects(of table: String, in project: ShopProject) throws -> Int64 {
        let connection = try SQLiteConnection(path: project.folder.path("dev.sqlite"), mode: .readOnly)
        return try connection.integer(sql: "SELECT count(*) FROM sqlite_schema WHERE tbl_name = ?", [.text(table)])
    }

    /// The version of `dev.sqlite` and how many of its notes are the one made before.
    static func versionAndRows(_ project: ShopProject) throws -> (Int32, Int64) {
        let connection = try SQLiteConnection(path: project.folder.path("dev.sqlite"), mode: .readOnly)
        return (
            try Migrator.version(of: connection),
            try connection.integer(sql: "SELECT count(*) FROM note WHERE title = 'kept'")
        )
    }

    @Test(
        "the tracking table alone: baselined, the table kept and left out, with a note naming the flag",
        arguments: ToolTable.all)
    func kept(tool: ToolTable) throws {
        let project = try Self.project(holding: tool.sql)
        let result = try project.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("baselined dev.sqlite at version 1: its schema matches migrations 1 to 1\n"))
        #expect(result.standardOutput.contains("shop: dev.sqlite migrated from version 1 to 2 (1 migration)\n"))
        #expect(
            result.standardError.contains(
                "note: dev.sqlite: \(tool.table) is \(tool.tool)'s tracking table, which kiln ignores: the baseline "
                    + "left it out and kept it\n"), "\(result.standardError)")
        #expect(
            result.standardError.contains("'--drop-tracking-table' drops it in the baseline's transaction instead"),
            "\(result.standardError)")
        // No imported.json: --adopt has nothing to map the tool's versions through.
        #expect(!result.standardError.contains("--adopt"), "\(result.standardError)")
        #expect(try Self.objects(of: tool.table, in: project) > 0)
        #expect(try Self.versionAndRows(project) == (2, 1))
        let status = try project.kiln("status", "shop", "--db", "dev.sqlite")
        #expect(status.status == 0, "\(status.standardOutput)\(status.standardError)")
        #expect(status.standardOutput.contains("no drift: the schema matches migrations 1 to 2\n"))
        #expect(
            status.standardOutput.contains(
                "\(tool.table), \(tool.tool)'s tracking table, is left out: kiln ignores it\n"),
            "\(status.standardOutput)")
        let json = try project.kiln("status", "shop", "--db", "dev.sqlite", "--json")
        #expect(!json.standardOutput.contains("extra table"), "\(json.standardOutput)")
        #expect(json.standardOutput.contains(#""trackingTable" : "\#(tool.table)""#), "\(json.standardOutput)")
    }

    @Test(
        "--drop-tracking-table: the table and its indexes gone with the baseline, the version set, rows kept",
        arguments: ToolTable.all)
    func dropped(tool: ToolTable) throws {
        let project = try Self.project(holding: tool.sql)
        let before = try project.folder.read("dev.sqlite")
        let dry = try project.kiln(
            "migrate", "shop", "--db", "dev.sqlite", "--baseline", "1", "--drop-tracking-table", "--dry-run")
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(
            dry.standardOutput.contains(
                "would baseline dev.sqlite at version 1: its schema matches migrations 1 to 1\nwould drop \(tool.table), \(tool.tool)'s tracking table\n"
            ), "\(dry.standardOutput)")
        #expect(try project.folder.read("dev.sqlite") == before)
        let result = try project.kiln(
            "migrate", "shop", "--db", "dev.sqlite", "--baseline", "1", "--drop-tracking-table")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "baselined dev.sqlite at version 1: its schema matches migrations 1 to 1\ndropped \(tool.table), "
                    + "\(tool.tool)'s tracking table\napplied 0002_add_body.sql"), "\(result.standardOutput)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(try Self.objects(of: tool.table, in: project) == 0)
        #expect(try Self.versionAndRows(project) == (2, 1))
    }

    @Test(
        "a table of the user's beside the tracking table is drift; --drop-tracking-table drops neither",
        arguments: ToolTable.all)
    func userTable(tool: ToolTable) throws {
        let project = try Self.project(holding: tool.sql + "\nCREATE TABLE legacy (id INTEGER PRIMARY KEY);")
        let before = try project.folder.read("dev.sqlite")
        for extra in [[], ["--drop-tracking-table"]] {
            let result = try project.kiln(
                arguments: ["migrate", "shop", "--db", "dev.sqlite", "--baseline", "1"] + extra)
            #expect(result.status == 1)
            #expect(
                result.standardError.contains(
                    "the database's schema is not the schema of version 1: extra table legacy\n"),
                "\(result.standardError)")
            #expect(!result.standardError.contains("extra table \(tool.table)"), "\(result.standardError)")
            #expect(try project.folder.read("dev.sqlite") == before)
        }
        #expect(try Self.objects(of: tool.table, in: project) > 0)
        #expect(try Self.objects(of: "legacy", in: project) == 1)
    }

    @Test("--drop-tracking-table refuses, writing nothing, a file without a tool's table or with one of the user's")
    func refusals() throws {
        let plain = try Self.project(holding: "")
        let before = try plain.folder.read("dev.sqlite")
        let none = try plain.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1", "--drop-tracking-table")
        #expect(none.status == 1)
        #expect(
            none.standardError.hasPrefix(
                "kiln: error: dev.sqlite holds no tracking table of a tool kiln knows: --drop-tracking-table has "
                    + "nothing to drop\n"), "\(none.standardError)")
        #expect(try plain.folder.read("dev.sqlite") == before)
        let mine = try Self.project(holding: "CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, applied TEXT);")
        let mineBefore = try mine.folder.read("dev.sqlite")
        let refused = try mine.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1", "--drop-tracking-table")
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "kiln: error: dev.sqlite: schema_migrations is not dbmate's tracking table (it has no column "
                    + "'version'), so --drop-tracking-table leaves it\n"), "\(refused.standardError)")
        #expect(try mine.folder.read("dev.sqlite") == mineBefore)
        // Not a tool's table: without the flag it is drift, as any table of the user's.
        let drift = try mine.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1")
        #expect(drift.standardError.contains("extra table schema_migrations"), "\(drift.standardError)")
        let several = try Self.project(holding: ToolTable.all[0].sql + ToolTable.all[8].sql)
        let both = try several.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1", "--drop-tracking-table")
        #expect(both.standardError.contains("holds the tracking tables of several tools (diesel, grdb)"))
        let lone = try plain.kiln("migrate", "shop", "--db", "dev.sqlite", "--drop-tracking-table")
        #expect(lone.standardError.contains("'--drop-tracking-table' goes with '--adopt' or '--baseline'"))
    }

    @Test("--drop-tracking-table on a file kiln already versions is refused; without it the baseline is moot")
    func alreadyVersioned() throws {
        let project = try Self.project(holding: ToolTable.all[1].sql)
        #expect(try project.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1").status == 0)
        let before = try project.folder.read("dev.sqlite")
        let refused = try project.kiln(
            "migrate", "shop", "--db", "dev.sqlite", "--baseline", "1", "--drop-tracking-table")
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "kiln: error: dev.sqlite is already at kiln version 2: --drop-tracking-table drops a tracking table "
                    + "only with the baseline that takes a file at version 0 over\n"), "\(refused.standardError)")
        #expect(try project.folder.read("dev.sqlite") == before)
    }

    @Test("status at version 0 names --adopt (for a tool kiln imports from), the baseline and --drop-tracking-table")
    func statusOffersBoth() throws {
        for tool in [ToolTable.all[1], ToolTable.all[8]] {
            let project = try Self.project(holding: tool.sql)
            let status = try project.kiln("status", "shop", "--db", "dev.sqlite")
            #expect(status.status == 1)
            let text = status.standardOutput
            #expect(
                text.contains(
                    "baseline it with 'kiln migrate shop --db dev.sqlite --baseline N', which leaves \(tool.table) "
                        + "(kiln ignores it), or drops it with '--drop-tracking-table'\n"), "\(text)")
            #expect(text.contains("--adopt") == (tool.tool != "grdb"), "\(text)")
            let json = try project.kiln("status", "shop", "--db", "dev.sqlite", "--json")
            #expect(!json.standardOutput.contains("extra table \(tool.table)"), "\(json.standardOutput)")
        }
    }

    @Test("migrate on a GRDB file, whose history is code, names the baseline rather than an import")
    func grdbRefusal() throws {
        let project = try Self.project(holding: ToolTable.all[8].sql)
        let refused = try project.kiln("migrate", "shop", "--db", "dev.sqlite")
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "grdb made it (its tracking table grdb_migrations is there), from code kiln cannot import: if its "
                    + "schema is what migrations 1 to N produce, adopt it with '--baseline N'"),
            "\(refused.standardError)")
        #expect(!refused.standardError.contains("--from grdb"), "\(refused.standardError)")
    }
}
