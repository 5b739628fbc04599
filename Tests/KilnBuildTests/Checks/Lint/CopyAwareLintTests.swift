import Kiln
import Testing

@testable import KilnBuild
@testable import KilnCommandLine

/// The lint warnings, first lines as `kiln check` prints them, of a history whose first migration is
/// ``CopyAwareLintTests/base`` and whose later ones are `later`, walked by ``LintCheck/migrations(_:)``.
private func lint(_ later: String...) throws -> [String] {
    let files = ([CopyAwareLintTests.base] + later).enumerated().map { index, text in
        (String(format: "%04d_step.sql", index + 1), Array(text.utf8))
    }
    let set = try MigrationSet(database: "d", directoryPath: "migrations/d", files: files)
    return LintCheck.migrations(Migrator(migrations: set)).flatMap(\.commandLineDiagnostics).map {
        String($0.formatted().split(separator: "\n")[0])
    }
}

/// The first line of the warning `rule` gives at `line` of migration `version` (column 1).
private func warning(_ rule: String, version: Int = 2, line: Int) -> String {
    let file = String(format: "migrations/d/%04d_step.sql", version)
    let what = rule == "drop-table" ? "DROP TABLE" : "DROP COLUMN"
    return
        "\(file):\(line):1: warning: \(what) in a migration after the first deletes user data on every device that upgrades [\(rule)]"
}

@Suite("copy-aware lint: a DROP whose data was copied first, and renames whose referrers are rebuilt")
struct CopyAwareLintTests {
    static let base = """
        CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL, bio TEXT, nickname TEXT, plan_id INTEGER);
        CREATE TABLE plans (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id), body TEXT);
        CREATE TABLE likes (post_id INTEGER REFERENCES posts (id), user_id INTEGER REFERENCES users (id));

        """

    @Test("INSERT … SELECT of a column into another table keeps it; the target's column list copies nothing")
    func insertSelectBeforeDropColumn() throws {
        let moved = """
            CREATE TABLE profiles (user_id INTEGER PRIMARY KEY, bio TEXT);
            INSERT INTO profiles (user_id, bio) SELECT id, bio FROM users WHERE bio IS NOT NULL;
            ALTER TABLE users DROP COLUMN bio;

            """
        #expect(try lint(moved) == [])
        let other = moved.replacingOccurrences(
            of: "SELECT id, bio FROM users WHERE bio", with: "SELECT id, nickname FROM users WHERE nickname")
        #expect(try lint(other) == [warning("drop-column", line: 3)])
    }

    @Test("UPDATE … SET c = (SELECT … FROM t) copies t into a column: DROP TABLE t keeps its data")
    func updateFromSubselectBeforeDropTable() throws {
        let inlined = """
            ALTER TABLE users ADD COLUMN plan TEXT;
            UPDATE users SET plan = (SELECT p.name FROM plans AS p WHERE p.id = users.plan_id);
            DROP TABLE plans;
            ALTER TABLE users DROP COLUMN plan_id;

            """
        #expect(try lint(inlined) == [])
        let notCopied = "UPDATE users SET nickname = 'x' WHERE plan_id IN (SELECT id FROM plans);\nDROP TABLE plans;\n"
        #expect(try lint(notCopied) == [warning("drop-table", line: 2)])
    }

    @Test("UPDATE t SET new = f(old) keeps old's data; a new column filled from another column does not")
    func updateNewFromOld() throws {
        let copied = """
            ALTER TABLE users ADD COLUMN handle TEXT;
            UPDATE users SET handle = lower(nickname) WHERE nickname IS NOT NULL;
            ALTER TABLE users DROP COLUMN nickname;

            """
        #expect(try lint(copied) == [])
        #expect(
            try lint(copied.replacingOccurrences(of: "lower(nickname)", with: "lower(email)"))
                == [warning("drop-column", line: 3)])
    }

    @Test("the add-column, copy, drop, rename dance keeps the data; dropping the copy afterwards does not")
    func addCopyDropRename() throws {
        let dance = """
            ALTER TABLE users ADD COLUMN nickname_new TEXT COLLATE NOCASE;
            UPDATE users SET nickname_new = trim(nickname);
            ALTER TABLE users DROP COLUMN nickname;
            ALTER TABLE users RENAME COLUMN nickname_new TO nickname;

            """
        #expect(try lint(dance) == [])
        #expect(
            try lint(dance + "ALTER TABLE users DROP COLUMN nickname;\n")
                == [warning("drop-column", line: 3), warning("drop-column", line: 5)])
    }

    @Test("a backup table restored later in the migration: neither DROP warns; one never restored: both do")
    func backupTable() throws {
        let restored = """
            CREATE TABLE posts_backup AS SELECT * FROM posts;
            DROP TABLE posts;
            CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id), body TEXT NOT NULL DEFAULT '');
            INSERT INTO posts (id, user_id, body) SELECT id, user_id, coalesce(body, '') FROM posts_backup;
            DROP TABLE posts_backup;

            """
        #expect(try lint(restored) == [])
        #expect(
            try lint(
                restored.replacingOccurrences(of: "CREATE TABLE posts_backup", with: "CREATE TEMP TABLE posts_backup"))
                == [])
        let lost = restored.replacingOccurrences(
            of: "INSERT INTO posts (id, user_id, body) SELECT id, user_id, coalesce(body, '') FROM posts_backup;",
            with: "")
        #expect(try lint(lost) == [warning("drop-table", line: 2), warning("drop-table", line: 5)])
    }

    @Test("rows copied only into a TEMP table are lost when the connection closes: the DROP of the source warns")
    func temporaryCopyNeverRestored() throws {
        let sql = """
            CREATE TEMP TABLE posts_backup AS SELECT * FROM posts;
            DROP TABLE posts;
            CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id), body TEXT);

            """
        #expect(try lint(sql) == [warning("drop-table", line: 2)])
    }

    @Test("a TEMP table the migration created holds no user data: its DROP is silent, a plain table's is not")
    func temporaryTable() throws {
        let sql = """
            CREATE TEMP TABLE empty_posts AS SELECT id FROM posts WHERE body IS NULL;
            DELETE FROM likes WHERE post_id IN (SELECT id FROM empty_posts);
            DROP TABLE empty_posts;

            """
        #expect(try lint(sql) == [])
        #expect(try lint(sql.replacingOccurrences(of: "TEMP TABLE empty_posts", with: "TABLE temp.empty_posts")) == [])
        #expect(
            try lint(sql.replacingOccurrences(of: "TEMP TABLE", with: "TABLE")) == [warning("drop-table", line: 3)])
    }

    @Test("a trigger's body copies nothing while the migration runs, so it keeps no dropped table's rows")
    func triggerBodyIsNoCopy() throws {
        let sql = """
            CREATE TABLE plan_log (name TEXT);
            CREATE TRIGGER plans_log AFTER UPDATE ON plans BEGIN INSERT INTO plan_log SELECT name FROM plans; END;
            DROP TABLE plans;

            """
        #expect(try lint(sql) == [warning("drop-table", line: 3)])
    }

    @Test("DROP TABLE IF EXISTS of a table that does not exist at that statement is silent, one that does warns")
    func dropIfExists() throws {
        #expect(try lint("DROP TABLE IF EXISTS legacy_sessions;\nDROP VIEW IF EXISTS legacy_view;\n") == [])
        #expect(try lint("DROP TABLE IF EXISTS posts;\n") == [warning("drop-table", line: 1)])
        #expect(try lint("DROP TABLE plans;\nDROP TABLE IF EXISTS plans;\n") == [warning("drop-table", line: 1)])
        let renamed = "ALTER TABLE plans RENAME TO price_plans;\nDROP TABLE IF EXISTS plans;\n"
        #expect(try lint(renamed) == [])
        // Created by the version before: the schema at version 2 has it.
        let created = "CREATE TABLE legacy_sessions (id INTEGER PRIMARY KEY, token TEXT);\n"
        #expect(
            try lint(created, "DROP TABLE IF EXISTS legacy_sessions;\n")
                == [warning("drop-table", version: 3, line: 1)])
    }

    static let wrongWayRebuild = """
        ALTER TABLE users RENAME TO users_old;
        CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, bio TEXT, nickname TEXT, plan_id INTEGER);
        INSERT INTO users SELECT id, email, bio, nickname, plan_id FROM users_old;
        CREATE TABLE posts_new (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id), body TEXT);
        INSERT INTO posts_new SELECT id, user_id, body FROM posts;
        DROP TABLE posts;
        ALTER TABLE posts_new RENAME TO posts;
        ALTER TABLE likes RENAME TO likes_old;
        CREATE TABLE likes (post_id INTEGER REFERENCES posts (id), user_id INTEGER REFERENCES users (id));
        INSERT INTO likes SELECT post_id, user_id FROM likes_old;
        DROP TABLE likes_old;
        DROP TABLE users_old;

        """

    @Test("a rename whose referrers are all rebuilt later in the migration is silent; one left out is named")
    func renameWithReferrersRebuilt() throws {
        #expect(try lint(Self.wrongWayRebuild) == [])
        let lines = Self.wrongWayRebuild.split(separator: "\n", omittingEmptySubsequences: false)
        let likesKept = (lines[0...6] + lines[11...]).joined(separator: "\n")
        let message = "warning: renaming 'users' to 'users_old' rewrites the foreign keys of"
        #expect(
            try lint(likesKept) == [
                "migrations/d/0002_step.sql:1:1: \(message) 'likes' to point at 'users_old' [rename-referenced-table]"
            ])
        // Rebuilt before the rename, posts gets its key rewritten like any other.
        let postsFirst = (lines[3...6] + lines[0...2] + lines[7...]).joined(separator: "\n")
        #expect(
            try lint(postsFirst) == [
                "migrations/d/0002_step.sql:5:1: \(message) 'posts' to point at 'users_old' [rename-referenced-table]"
            ])
    }
}
