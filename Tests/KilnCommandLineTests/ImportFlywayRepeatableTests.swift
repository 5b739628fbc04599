import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `Tests/Fixtures/import-code/flyway`: versioned scripts, an undo script and two `R__` repeatable scripts.
@Suite("kiln import of a Flyway folder with R__ repeatable scripts")
struct ImportFlywayRepeatableTests {
    /// The versioned scripts in Flyway's order.
    static let versioned = [
        "V1__create_users.sql", "V1.1__create_notes.sql", "V2__create_tags.sql", "V2.1__add_notes_pinned.sql",
        "V3__index_pinned_notes.sql",
    ]
    /// The repeatable scripts in the order Flyway runs them after the versioned ones (by description).
    static let repeatable = ["R__notes_touch_trigger.sql", "R__pinned_notes_view.sql"]

    /// An empty project with the fixture copied to `src/`.
    static func project() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory.emptyProject()
        try FileManager.default.copyItem(atPath: TestFixtures.url("import-code/flyway").path, toPath: project.path("src"))
        return project
    }

    @Test("the versioned scripts are imported and each R__ is one warning, why and what to do")
    func warnings() throws {
        let project = try Self.project()
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        let warnings = result.standardError.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
        #expect(
            warnings == Self.repeatable.map {
                "src/\($0):1:1: warning: repeatable migration not imported: Flyway re-runs an R__ script whenever its "
                    + "checksum changes, after all versioned ones; kiln has no such migrations"
            })
        #expect(result.standardError.contains("note: fold its latest text into a versioned migration"))
        #expect(
            result.standardOutput.contains(
                "not imported (see the warnings):\n  src/R__notes_touch_trigger.sql:1:1\n  src/R__pinned_notes_view.sql:1:1\n"),
            "\(result.standardOutput)")
        let files = try FileManager.default.contentsOfDirectory(atPath: project.path("migrations/app")).sorted()
        #expect(files.count == 6 && files.last == "imported.json")
    }

    @Test("adopting a Flyway database: R__ rows are not versions; what they made is a difference until folded in")
    func adoptWithRepeatableRows() throws {
        let project = try Self.project()
        #expect(kiln(["import", "app", "src"], in: project.url).status == 0)
        try Self.makeDatabase(in: project)
        let refused = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("app.db: flyway's flyway_schema_history maps to kiln version 5\n"))
        #expect(refused.standardError.contains("pinned_notes"), "\(refused.standardError)")
        #expect(refused.standardError.contains("notes_touch"), "\(refused.standardError)")
        // Folded into the last versioned migration, as the warning says: the chain makes them too.
        let last = "migrations/app/0005_3_index_pinned_notes.sql"
        var text = String(decoding: try project.read(last), as: UTF8.self)
        for file in Self.repeatable { text += try String(contentsOfFile: project.path("src/\(file)"), encoding: .utf8) }
        try project.write(last, text)
        let adopted = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(adopted.status == 0, "\(adopted.standardError)")
        #expect(adopted.standardOutput.contains("baselined app.db at version 5"), "\(adopted.standardOutput)")
        let database = try SQLiteConnection(path: project.path("app.db"), mode: .readOnly)
        #expect(try database.integer(sql: "SELECT count(*) FROM pinned_notes") == 1)
        #expect(try database.integer(sql: "SELECT count(*) FROM flyway_schema_history WHERE version IS NULL") == 2)
        let status = kiln(["status", "app", "--db", "app.db"], in: project.url)
        #expect(status.standardOutput.contains("no drift"), "\(status.standardOutput)\(status.standardError)")
    }

    @Test("a Java migration among the scripts is listed in one error, or written as a placeholder at its version")
    func javaMigration() throws {
        let project = try Self.project()
        try project.write("src/V2_2__BackfillPinned.java", "package db.migration;\n")
        let refused = kiln(["import", "app", "src"], in: project.url)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "src/V2_2__BackfillPinned.java:1:1: error: 1 flyway migration is written as code, with no SQL to import"))
        #expect(refused.standardError.contains("src/V2_2__BackfillPinned.java:1:1: note: written in Java, not SQL\n"))
        let imported = kiln(["import", "app", "src", "--code-migrations", "placeholder"], in: project.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(project.exists("migrations/app/0005_2_2_BackfillPinned.sql"))
        #expect(project.exists("migrations/app/0006_3_index_pinned_notes.sql"))
    }

    /// `app.db` as Flyway leaves it: the versioned scripts, then the repeatable ones, each with its history row
    /// (a repeatable row has no version), the checksums as Flyway computes them; a user and a pinned note.
    static func makeDatabase(in project: TemporaryDirectory) throws {
        let scripts = Self.versioned + Self.repeatable
        let sums = try ToolTrackingTables.checksums(tool: "flyway", files: scripts.map { project.path("src/\($0)") })
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(
            sql: """
                CREATE TABLE "flyway_schema_history" (
                    "installed_rank" INT NOT NULL PRIMARY KEY, "version" VARCHAR(50), "description" VARCHAR(200) NOT NULL,
                    "type" VARCHAR(20) NOT NULL, "script" VARCHAR(1000) NOT NULL, "checksum" INT,
                    "installed_by" VARCHAR(100) NOT NULL,
                    "installed_on" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f','now')),
                    "execution_time" INT NOT NULL, "success" BOOLEAN NOT NULL);
                """)
        for (index, script) in scripts.enumerated() {
            try database.execute(sql: try String(contentsOfFile: project.path("src/\(script)"), encoding: .utf8))
            let isRepeatable = script.hasPrefix("R__")
            let version = isRepeatable ? "NULL" : "'\(script.dropFirst().components(separatedBy: "__")[0])'"
            try database.execute(
                sql: """
                    INSERT INTO flyway_schema_history VALUES (\(index + 1), \(version), 'script \(index)', 'SQL',
                        '\(script)', \(sums[index]), 'app', '2024-05-01 10:00:00', 7, 1)
                    """)
        }
        try database.execute(
            sql: """
                INSERT INTO users (email, name) VALUES ('ada@example.com', 'Ada');
                INSERT INTO notes (user_id, title, pinned) VALUES (1, 'Engine', 1);
                """)
        try database.close()
    }
}
