import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// A ten-version history whose tables are reached in the ways rows travel: a rebuild, a trigger, a rename, a
/// foreign key; and failing eleventh migrations that meet the rows of some starting versions only.
struct ReachHistory {
    static let history = [
        "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');",
        "CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id), label TEXT);",
        "CREATE INDEX b_label ON b (label);",
        """
        CREATE TABLE a_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', rank INTEGER NOT NULL DEFAULT 0);
        INSERT INTO a_new (id, name) SELECT id, name FROM a;
        DROP TABLE a;
        ALTER TABLE a_new RENAME TO a;
        """,
        "CREATE TABLE c (id INTEGER PRIMARY KEY, code TEXT NOT NULL DEFAULT 'x');",
        "ALTER TABLE b ADD COLUMN note TEXT;",
        "CREATE TABLE d (id INTEGER PRIMARY KEY, day TEXT);",
        """
        CREATE TABLE log (what TEXT NOT NULL);
        CREATE TRIGGER a_log AFTER UPDATE ON a BEGIN INSERT INTO log (what) VALUES (new.name); END;
        """,
        "UPDATE a SET name = trim(name) WHERE id > 0;",
        """
        ALTER TABLE c RENAME TO c_old;
        CREATE TABLE c (id INTEGER PRIMARY KEY, code TEXT NOT NULL DEFAULT 'x');
        INSERT INTO c SELECT id, code FROM c_old;
        DROP TABLE c_old;
        """,
    ]

    let folder: TemporaryDirectory
    let check: UpgradePathCheck

    /// The history with `failing` as migration 11, hashed, and its upgrade check.
    init(failing: String) throws {
        folder = try TemporaryDirectory()
        for (index, sql) in (Self.history + [failing]).enumerated() {
            try folder.write("migrations/app/\(String(format: "%04d", index + 1))_step.sql", sql + "\n")
        }
        _ = try ProjectChecker(project: try KilnProject(root: folder.url)).writeSum(for: "app")
        let project = try KilnProject(root: folder.url)
        let migrator = try project.migrator(for: "app")
        check = UpgradePathCheck(
            project: project, migrator: migrator, freshSchema: try migrator.freshSchema(at: 11),
            uses: ColumnUses(sources: migrator.migrations.migrations.map(\.sql)), queryFailures: { _ in [] })
    }

    /// What migrating the path from `version` (its schema, its generated rows) to 11 throws, if anything.
    func pathFailure(from version: Int32) throws -> MigrationError? {
        let path = try check.migrator.freshDatabase(at: version)
        do {
            _ = try GeneratedRows.insert(into: path, version: version, uses: check.uses, cache: SchemaTextCache())
            try check.migrator.migrate(path, to: 11)
        } catch let error as MigrationError {
            return error
        } catch is SQLiteError {
            return nil
        }
        return nil
    }

    /// The starting versions the way the check found them before it pruned: every path migrated, each compared
    /// with `failure`.
    func everyPath(failing failure: MigrationError) throws -> [Int32] {
        try (1...10).filter { version in
            guard let error = try pathFailure(from: version) else { return false }
            return error.upgradeProblem == failure.upgradeProblem && error.location == failure.location
        }
    }
}

@Suite("kiln check: the starting versions of a failure, without migrating every path")
struct UpgradeAttributionReachTests {
    @Test(
        "the versions found are those every path migrated finds, whatever way the rows travel",
        arguments: [
            // The newest table: only versions that have it.
            ("INSERT INTO d (id, day) SELECT id, day FROM d;", Int32(7)...Int32(10)),
            // A table since version 1, rebuilt at 4: every version.
            ("INSERT INTO a (id, name) SELECT id, name FROM a;", 1...10),
            // Rows of log come from the trigger on a (version 9's update) as well as from log's own.
            ("UPDATE log SET what = NULL;", 1...10),
            // A table renamed away and back at 10.
            ("INSERT INTO c (id, code) SELECT id, code FROM c;", 5...10),
            // The migrator's foreign-key check after the statements reads b, which references a.
            ("DELETE FROM a;", 2...10),
        ] as [(String, ClosedRange<Int32>)])
    func sameAsEveryPath(failing: String, expected: ClosedRange<Int32>) throws {
        let history = try ReachHistory(failing: failing)
        let failure = try #require(try history.pathFailure(from: 10))
        let reference = try history.everyPath(failing: failure)
        #expect(reference == Array(expected))
        let attribution = UpgradeAttribution(check: history.check, fixtureVersions: [])
        let starts = try attribution.starts(of: failure, failing: 11, chainStart: 1)
        #expect(starts.versions == reference)
        #expect(starts.untried == nil)
    }

    @Test("a path whose rows the failing migration cannot meet is not migrated; one it may meet is")
    func pruned() throws {
        let history = try ReachHistory(failing: "INSERT INTO d (id, day) SELECT id, day FROM d;")
        let failure = try #require(try history.pathFailure(from: 10))
        let attribution = UpgradeAttribution(check: history.check, fixtureVersions: [])
        try history.check.schemaWalk.advance(history.check.migrator, to: 10)
        let mayFail = try attribution.pathsMeeting(failure, failing: 11)
        #expect((1...10).filter(mayFail) == Array(7...10))
        // A trigger carries a's rows into log at version 9: every path may meet log's.
        let log = try ReachHistory(failing: "UPDATE log SET what = NULL;")
        let logFailure = try #require(try log.pathFailure(from: 10))
        try log.check.schemaWalk.advance(log.check.migrator, to: 10)
        let logMayFail = try UpgradeAttribution(check: log.check, fixtureVersions: []).pathsMeeting(
            logFailure, failing: 11)
        #expect((1...10).filter(logMayFail) == Array(1...10))
    }

    @Test("a migration whose effect its tables do not bound makes every path one to migrate")
    func opaque() throws {
        for failing in [
            "INSERT INTO d (id, day) SELECT id, day FROM d WHERE changes() >= 0;",
            "ANALYZE; INSERT INTO d (id, day) SELECT id, day FROM d;",
            "CREATE TEMP TABLE t (x); INSERT INTO d (id, day) SELECT id, day FROM d;",
        ] {
            let history = try ReachHistory(failing: failing)
            let failure = try #require(try history.pathFailure(from: 10))
            try history.check.schemaWalk.advance(history.check.migrator, to: 10)
            let mayFail = try UpgradeAttribution(check: history.check, fixtureVersions: []).pathsMeeting(
                failure, failing: 11)
            #expect((1...10).filter(mayFail) == Array(1...10), "\(failing)")
        }
    }
}
