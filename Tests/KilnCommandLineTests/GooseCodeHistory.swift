import Foundation
import Kiln
import KilnTestSupport

/// `Tests/Fixtures/import-code/goose`: 24 goose migrations, four of them Go code, and a database goose made
/// from them. goose itself cannot run here, so its Go migrations' effects are stood in for by the SQL their
/// code runs (``goEffects``), which is also what a team ports into the placeholders.
enum GooseCodeHistory {
    /// The fixture folder.
    static let path = TestFixtures.url("import-code/goose").path

    /// The migration files in goose's order (its versions compared as numbers), written out by hand.
    static let order = [
        "00001_create_users.sql", "00002_create_links.sql", "00003_create_tags.sql", "00004_create_link_tags.sql",
        "00005_add_users_display_name.sql", "00006_backfill_display_names.go", "00007_index_links_user.sql",
        "00008_add_links_slug.sql", "00009_backfill_link_slugs.go", "00010_unique_link_slug.sql",
        "00011_create_comments.sql", "00012_comments_touch_trigger.sql", "00013_add_links_archived.sql",
        "00014_create_link_counts_view.sql", "00015_normalize_emails.go", "00016_unique_users_email.sql",
        "00017_create_sessions.sql", "00018_index_sessions_expiry.sql", "00019_add_tags_color.sql",
        "00020_seed_default_tags.sql", "20240603120000_create_link_search.go", "20240610090000_add_links_read_at.sql",
        "20240614150000_create_notifications.sql", "20240620101500_index_notifications_unread.sql",
    ]

    /// What each Go migration's up function does, as SQL (by kiln version).
    static let goEffects: [Int: String] = [
        6: """
        UPDATE users SET display_name = CASE WHEN instr(name, ' ') > 0 THEN substr(name, 1, instr(name, ' ') - 1)
            ELSE name END WHERE display_name IS NULL;
        """,
        9: "UPDATE links SET slug = lower(replace(trim(title), ' ', '-')) WHERE slug IS NULL;",
        15: "UPDATE users SET email = lower(trim(email));",
        21: """
        CREATE TABLE link_search (
            link_id INTEGER PRIMARY KEY REFERENCES links (id) ON DELETE CASCADE,
            terms TEXT NOT NULL
        );
        INSERT INTO link_search (link_id, terms) SELECT id, lower(title) FROM links;
        """,
    ]

    /// The kiln file of each Go migration.
    static let placeholderFiles: [Int: String] = [
        6: "0006_00006_backfill_display_names.sql", 9: "0009_00009_backfill_link_slugs.sql",
        15: "0015_00015_normalize_emails.sql", 21: "0021_20240603120000_create_link_search.sql",
    ]

    /// goose's version of a file: the digits before the first `_`, as an integer.
    static func version(of file: String) -> Int64 { Int64(file.prefix { $0 != "_" }) ?? -1 }

    /// The up section of a SQL file, or the SQL standing for a Go file's code.
    static func upSQL(_ index: Int) throws -> String {
        let file = order[index]
        if let effect = goEffects[index + 1] { return effect }
        let text = try String(contentsOfFile: "\(path)/\(file)", encoding: .utf8)
        return String(text[..<(text.range(of: "-- +goose Down")?.lowerBound ?? text.endIndex)])
    }

    /// `app.db` in `project` as goose leaves it after `goose up-to` the version of the `count`th migration:
    /// each migration run in order, and `goose_db_version` created and filled as goose's SQLite dialect does
    /// (the table, its version 0 row, one `(version_id, 1)` row per migration applied). Migration 14 was
    /// rolled back once and applied again: goose deletes the version's row on the way down, so its new row has
    /// a later `id`. A user and a link are there from migration 2 on, before the Go code that rewrites them.
    static func makeDatabase(applied count: Int, in project: TemporaryDirectory) throws {
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(
            sql: """
                CREATE TABLE goose_db_version (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    version_id INTEGER NOT NULL,
                    is_applied INTEGER NOT NULL,
                    tstamp TIMESTAMP DEFAULT (datetime('now'))
                );
                INSERT INTO goose_db_version (version_id, is_applied) VALUES (0, 1);
                """)
        for index in 0..<count {
            try database.execute(sql: try upSQL(index))
            try database.execute(
                sql: "INSERT INTO goose_db_version (version_id, is_applied) VALUES (\(version(of: order[index])), 1)")
            if index == 1 {
                try database.execute(
                    sql: """
                        INSERT INTO users (email, name) VALUES ('  Ada@Example.COM', 'Ada Lovelace');
                        INSERT INTO links (user_id, url, title) VALUES (1, 'https://example.com/engine', 'Analytical Engine');
                        """)
            }
            if index == 13 {
                // `goose down` then `goose up` of 00014: the view dropped, its row deleted, then both again.
                try database.execute(
                    sql: """
                        DROP VIEW link_counts;
                        DELETE FROM goose_db_version WHERE version_id = 14;
                        \(try upSQL(index))
                        INSERT INTO goose_db_version (version_id, is_applied) VALUES (14, 1);
                        """)
            }
        }
        try database.close()
    }

    /// Writes the SQL of the Go migration `version` into its placeholder file in place of the placeholder
    /// statement, as the team porting it would, keeping the comments above it.
    static func port(_ version: Int, in project: TemporaryDirectory) throws {
        let relative = "migrations/app/\(placeholderFiles[version] ?? "")"
        let text = String(decoding: try project.read(relative), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.filter { !$0.hasPrefix("SELECT kiln_placeholder(") }.joined(separator: "\n")
        try project.write(relative, kept + (goEffects[version] ?? "") + "\n")
    }
}
