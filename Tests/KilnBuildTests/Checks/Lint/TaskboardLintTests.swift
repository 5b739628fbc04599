import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// The taskboard fixture (Tests/Fixtures/taskboard: a team's task tracker over 46 migrations, written the way
/// golang-migrate and sqlx projects write theirs), copied into a temporary folder.
private struct Taskboard {
    let folder: TemporaryDirectory
    let root: URL

    init() throws {
        folder = try TemporaryDirectory()
        root = folder.url.appendingPathComponent("taskboard")
        try FileManager.default.copyItem(at: TestFixtures.url("taskboard"), to: root)
    }

    /// Writes `text` as the migration `name` of the copy.
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent("migrations/taskboard/\(name)"))
    }

    /// The first line of every lint finding of `kiln check`, in its order.
    func lint() throws -> [String] {
        let project = try KilnProject(root: root)
        _ = try ProjectChecker(project: project).writeSum(for: "taskboard")
        return ProjectChecker(project: project).findings(for: "taskboard")
            .filter { $0.reason.lintRule != nil || $0.reason.code?.contains("lint") == true }
            .flatMap(\.commandLineDiagnostics).map { String($0.formatted().split(separator: "\n")[0]) }
    }
}

private let dataLoss = "in a migration after the first deletes user data on every device that upgrades"

@Suite("copy-aware lint on the taskboard fixture")
struct TaskboardLintTests {
    @Test("every copy-before-drop form of the history and its wrong-way rebuild give no lint warning")
    func soundHistory() throws {
        #expect(try Taskboard().lint() == [])
    }

    @Test("the true hazards planted in it still warn, each at its statement")
    func plantedHazards() throws {
        let board = try Taskboard()
        try board.write(
            "0047_drop_time_entries.sql", "-- Time tracking moved to the server.\nDROP TABLE time_entries;\n")
        try board.write("0048_users_drop_last_seen_at.sql", "ALTER TABLE users DROP COLUMN last_seen_at;\n")
        try board.write(
            "0049_audit_log_actor_nullable.sql",
            """
            CREATE TEMP TABLE audit_log_backup AS SELECT * FROM audit_log;
            DROP TABLE audit_log;
            CREATE TABLE audit_log (
                id INTEGER PRIMARY KEY,
                actor_id INTEGER,
                action TEXT NOT NULL,
                subject TEXT NOT NULL,
                at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
            );

            """)
        try board.write("0050_drop_saved_filters.sql", "DROP TABLE IF EXISTS saved_filters;\n")
        try board.write(
            "0051_notifications_seen.sql",
            """
            ALTER TABLE notifications ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;
            UPDATE notifications SET seen = 1 WHERE read_at IS NOT NULL;
            ALTER TABLE notifications DROP COLUMN payload;

            """)
        // 0040 without the rebuild of webhooks: its foreign key is left on projects_old, which 0040 drops.
        let rebuild = board.root.appendingPathComponent("migrations/taskboard/0040_projects_add_slug.sql")
        let text = try String(contentsOf: rebuild, encoding: .utf8)
        let start = try #require(text.range(of: "CREATE TABLE webhooks_new"))
        let end = try #require(text.range(of: "ALTER TABLE webhooks_new RENAME TO webhooks;\n"))
        try board.write(
            "0040_projects_add_slug.sql", text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: ""))
        let folder = "migrations/taskboard"
        #expect(
            try board.lint() == [
                "\(folder)/0047_drop_time_entries.sql:2:1: warning: DROP TABLE \(dataLoss) [drop-table]",
                "\(folder)/0048_users_drop_last_seen_at.sql:1:1: warning: DROP COLUMN \(dataLoss) [drop-column]",
                "\(folder)/0049_audit_log_actor_nullable.sql:2:1: warning: DROP TABLE \(dataLoss) [drop-table]",
                "\(folder)/0050_drop_saved_filters.sql:1:1: warning: DROP TABLE \(dataLoss) [drop-table]",
                "\(folder)/0051_notifications_seen.sql:3:1: warning: DROP COLUMN \(dataLoss) [drop-column]",
                "\(folder)/0040_projects_add_slug.sql:3:1: warning: renaming 'projects' to 'projects_old' rewrites the foreign keys of 'webhooks' to point at 'projects_old' [rename-referenced-table]",
            ])
    }
}
