import Foundation
import KilnTestSupport
import Testing

/// `kiln check` on a history whose only finding is an `upgrade-risk` warning: a pass, which `--strict` fails,
/// and an allow comment with a reason settles.
@Suite("kiln check's upgrade-risk warning, in-process")
struct CheckUpgradeRiskCommandTests {
    static let keyMigration = "migrations/notes/0003_sync_cursor_key.sql"

    /// A notes app's history: its sync cursor is one row the app writes, given a key that says so by a
    /// rebuild; `allow` goes before the copy.
    private func project(allow: String = "") throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/notes/0001_create_note.sql",
            """
            CREATE TABLE note (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                body TEXT NOT NULL DEFAULT '',
                created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
            );

            """)
        try folder.write(
            "migrations/notes/0002_create_sync_cursor.sql",
            """
            -- Where the last pull from the sync server stopped: the app writes this one row.
            CREATE TABLE sync_cursor (
                server_token TEXT,
                pulled_through INTEGER NOT NULL DEFAULT 0
            );
            INSERT INTO sync_cursor (server_token, pulled_through) VALUES (NULL, 0);

            """)
        try folder.write(
            Self.keyMigration,
            """
            -- Say in the schema that there is one cursor.
            CREATE TABLE sync_cursor_new (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                server_token TEXT,
                pulled_through INTEGER NOT NULL DEFAULT 0
            );
            \(allow)INSERT INTO sync_cursor_new (id, server_token, pulled_through)
                SELECT 1, server_token, pulled_through FROM sync_cursor;
            DROP TABLE sync_cursor;
            ALTER TABLE sync_cursor_new RENAME TO sync_cursor;

            """)
        #expect(kiln(["hash"], in: folder.url).status == 0)
        return folder
    }

    @Test("exit 0 with the warning, exit 1 under --strict; --json and SARIF carry the upgrade-risk code")
    func warningAndStrict() throws {
        let folder = try project()
        let plain = kiln(["check"], in: folder.url)
        #expect(plain.status == 0, "\(plain.standardError)")
        let location = "\(Self.keyMigration):7:1"
        #expect(
            plain.standardError.hasPrefix(
                "\(location): warning: UNIQUE constraint failed: sync_cursor_new.id, when upgrading from version 2 with rows that repeat what the schema lets repeat: a duplicate in a column that is not unique, or more than one row in a table the app may keep at one row\n"
            ), "\(plain.standardError)")
        #expect(plain.standardError.contains("note: ordinary rows upgrade;"), "\(plain.standardError)")
        #expect(plain.standardOutput.hasPrefix("kiln check: passed, 1 database, 0 errors, 1 warning"))
        let strict = kiln(["check", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(
            strict.standardError.hasPrefix("\(location): error: UNIQUE constraint failed"), "\(strict.standardError)")
        let json = kiln(["check", "--json"], in: folder.url)
        #expect(json.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        let findings = (document["databases"] as! [[String: Any]])[0]["diagnostics"] as! [[String: Any]]
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0]["code"] as? String == "upgrade-risk" && findings[0]["severity"] as? String == "warning")
        #expect(findings[0]["line"] as? Int == 7 && findings[0]["column"] as? Int == 1)
        let sarif = kiln(["check", "--format", "sarif"], in: folder.url)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as! [String: Any]
        let results = (log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]]
        try #require(results.count == 1, "\(results)")
        #expect(results[0]["ruleId"] as? String == "upgrade-risk" && results[0]["level"] as? String == "warning")
    }

    @Test("-- kiln:allow upgrade-risk with a reason on the failing statement: both exit 0, no warning")
    func allowed() throws {
        let folder = try project(
            allow: "-- kiln:allow upgrade-risk -- the app writes one cursor row and never a second\n")
        for arguments in [["check"], ["check", "--strict"]] {
            let result = kiln(arguments, in: folder.url)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(
                result.standardOutput.hasPrefix("kiln check: passed, 1 database, 0 errors, 0 warnings"),
                "\(result.standardOutput)")
        }
    }
}
