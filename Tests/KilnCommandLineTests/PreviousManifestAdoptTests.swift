import Foundation
import Kiln
import KilnTestSupport
import Testing

/// An `imported.json` the previous release wrote for sqlx (each checksum as one `sourceChecksum` string) still
/// maps and checks a database sqlx made; and a baseline of such a file names `--adopt`.
@Suite("kiln migrate with an imported.json of the previous release")
struct PreviousManifestAdoptTests {
    /// The SHA-384 (from Python's `hashlib`) of each source file, as sqlx records it.
    static let sums = [
        "c7dc1395257db6cc59bd111ea5d683cd2fd25bd2b723029fb79b08bd3e726bb9f4aa83680f55abfdf9c70dc1a7b5f006",
        "d993a22376280147fe83f7a140eaba517c1098e8b517e1c9658ff12349b48fef2e354696c973c2ddb57df802d8ac9d95",
    ]

    /// `imported.json` exactly as the previous release wrote it.
    static let manifest = """
        {
          "format" : 1,
          "migrations" : [
            {
              "file" : "0001_create_note.sql",
              "sourceChecksum" : "\(sums[0])",
              "sourceFiles" : [
                "20240101000000_create_note.sql"
              ],
              "sourceName" : "create_note",
              "sourceVersion" : "20240101000000",
              "version" : 1
            },
            {
              "file" : "0002_add_body.sql",
              "sourceChecksum" : "\(sums[1])",
              "sourceFiles" : [
                "20240201000000_add_body.sql"
              ],
              "sourceName" : "add_body",
              "sourceVersion" : "20240201000000",
              "version" : 2
            }
          ],
          "source" : "old",
          "tool" : "sqlx",
          "trackingTable" : "_sqlx_migrations"
        }

        """

    /// The notes history with that manifest, and `dev.sqlite` sqlx made at its first migration, recording
    /// `recorded` as its checksum.
    static func project(recording recorded: String) throws -> ShopProject {
        let project = try ShopProject([
            ("0001_create_note.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n"),
            ("0002_add_body.sql", "ALTER TABLE note ADD COLUMN body TEXT;\n"),
        ])
        try project.folder.write("migrations/shop/imported.json", manifest)
        let connection = try SQLiteConnection(path: project.folder.path("dev.sqlite"))
        try connection.execute(
            sql: """
                CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                INSERT INTO note (title) VALUES ('kept');
                CREATE TABLE _sqlx_migrations (
                    version BIGINT PRIMARY KEY, description TEXT NOT NULL,
                    installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, success BOOLEAN NOT NULL,
                    checksum BLOB NOT NULL, execution_time BIGINT NOT NULL);
                INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
                VALUES (20240101000000, 'create note', TRUE, x'\(recorded)', 4);
                """)
        try connection.close()
        return project
    }

    @Test("--adopt compares sqlx's checksum with the old sourceChecksum: the released file is adopted")
    func adopted() throws {
        let project = try Self.project(recording: Self.sums[0])
        let result = try project.kiln("migrate", "shop", "--db", "dev.sqlite", "--adopt")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("sqlx's _sqlx_migrations maps to kiln version 1\n"))
        #expect(result.standardOutput.contains("shop: dev.sqlite migrated from version 1 to 2 (1 migration)\n"))
    }

    @Test("--adopt refuses an edited file with both sums, the old sourceChecksum being the imported one")
    func edited() throws {
        let other = String(repeating: "ab", count: 48)
        let project = try Self.project(recording: other)
        let before = try project.folder.read("dev.sqlite")
        let result = try project.kiln("migrate", "shop", "--db", "dev.sqlite", "--adopt")
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "dev.sqlite: sqlx recorded checksum \(other) for version 20240101000000, but the imported file "
                    + "old/20240101000000_create_note.sql has checksum \(Self.sums[0])"), "\(result.standardError)")
        #expect(try project.folder.read("dev.sqlite") == before)
    }

    @Test(
        "--baseline on it keeps _sqlx_migrations and names --adopt; --adopt --drop-tracking-table --dry-run would drop it"
    )
    func baselineNamesAdopt() throws {
        let project = try Self.project(recording: Self.sums[0])
        let before = try project.folder.read("dev.sqlite")
        let dry = try project.kiln(
            "migrate", "shop", "--db", "dev.sqlite", "--adopt", "--drop-tracking-table", "--dry-run")
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(
            dry.standardOutput.contains("would drop _sqlx_migrations, sqlx's tracking table\n"), "\(dry.standardOutput)"
        )
        #expect(try project.folder.read("dev.sqlite") == before)
        let result = try project.kiln("migrate", "shop", "--db", "dev.sqlite", "--baseline", "1")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "'--adopt' takes such a file over from what sqlx recorded, through migrations/shop/imported.json"),
            "\(result.standardError)")
    }
}
