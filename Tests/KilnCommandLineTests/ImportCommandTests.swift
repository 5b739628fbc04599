import Foundation
import KilnTestSupport
import Testing

@Suite("kiln import, in-process")
struct ImportCommandTests {
    @Test(
        "each layout is imported and kiln migrate builds the schema sqlite3 builds from the source up files",
        .enabled(if: SQLiteShell.isAvailable), arguments: ImportFixture.all)
    func importThenMigrate(fixture: ImportFixture) throws {
        let project = try TemporaryDirectory.emptyProject()
        let from = fixture.isDetected ? [] : ["--from", fixture.tool]
        let imported = kiln(["import", "app", fixture.path] + from, in: project.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let count = fixture.upFiles.count
        #expect(imported.standardOutput.contains("imported \(count) \(fixture.tool) migrations"))
        let files = try FileManager.default.contentsOfDirectory(atPath: project.path("migrations/app")).sorted()
        #expect(files.count == count + 1 && files.last == "imported.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path("migrations")) == ["app"])
        let migrated = kiln(["migrate", "app", "--db", "kiln.sqlite"], in: project.url)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        try SQLiteShell.run(project.path("source.sqlite"), try fixture.upSQL())
        let expected = try SQLiteShell.run(project.path("source.sqlite"), ".schema")
        #expect(expected.contains("CREATE TRIGGER notes_touch"))
        // The sqlite3 shell drops the CR of CRLF lines it reads, Prisma (like kiln) runs a file's bytes as they
        // are: for its CRLF file the schema text differs by those CRs only.
        let crs: (String) -> String = { fixture.tool == "prisma" ? $0.replacingOccurrences(of: "\r", with: "") : $0 }
        #expect(crs(try SQLiteShell.run(project.path("kiln.sqlite"), ".schema")) == expected)
    }

    @Test("a relative source folder is read from the current folder, from a subfolder and with --root alike")
    func relativeSourceFromCurrentFolder() throws {
        let project = try TemporaryDirectory.emptyProject()
        try FileManager.default.createDirectory(atPath: project.path("vendor"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: ImportFixture.all[0].path, toPath: project.path("vendor/diesel"))
        let vendor = project.url.appendingPathComponent("vendor")
        let result = kiln(["import", "app", "diesel", "--quiet"], in: vendor)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("../migrations/app"), "\(result.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: project.path("migrations/app/imported.json")))
        let rooted = kiln(["import", "other", "vendor/diesel", "--root", "."], in: project.url)
        #expect(rooted.status == 0, "\(rooted.standardError)")
        let rootAbove = kiln(["import", "third", "diesel", "--root", ".."], in: vendor)
        #expect(rootAbove.status == 0, "\(rootAbove.standardError)")
    }

    @Test("diesel: timestamp folders keep their version in the name, wrappers are removed and listed, downs listed")
    func dieselReview() throws {
        let project = try TemporaryDirectory.emptyProject()
        let fixture = ImportFixture.all[0]
        let result = kiln(["import", "app", fixture.path], in: project.url)
        let names = try FileManager.default.contentsOfDirectory(atPath: project.path("migrations/app")).sorted()
        #expect(
            names == [
                "0001_2024-01-02-150405_create_users.sql", "0002_2024-01-05-093000_create_notes.sql",
                "0003_2024-02-11-120000_add_tags.sql", "0004_2024-03-01-080000_touch_notes.sql",
                "0005_2024-03-20-171500_pin_notes.sql", "imported.json",
            ])
        let users = String(decoding: try project.read("migrations/app/\(names[0])"), as: UTF8.self)
        #expect(users.hasPrefix("-- Your SQL goes here\nCREATE TABLE users (\n"))
        #expect(users.hasSuffix("    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP\n);\n"))
        let trigger = String(decoding: try project.read("migrations/app/\(names[3])"), as: UTF8.self)
        #expect(
            trigger
                == (try String(contentsOfFile: "\(fixture.path)/2024-03-01-080000_touch_notes/up.sql", encoding: .utf8))
        )
        let output = result.standardOutput
        #expect(output.contains("removed 7 statements kiln runs itself:\n"))
        #expect(output.contains("\(fixture.path)/2024-01-02-150405_create_users/up.sql:2:1: BEGIN TRANSACTION;\n"))
        #expect(output.contains("\(fixture.path)/2024-03-20-171500_pin_notes/up.sql:6:1: PRAGMA foreign_keys=ON;\n"))
        #expect(output.contains("skipped 5 down migrations (kiln does not downgrade):\n"))
        #expect(
            output.contains(
                "2024-03-01-080000_touch_notes/metadata.toml:1:1: the source tool ran this migration outside"))
        #expect(output.contains("\(fixture.path)/.keep:1:1: not a migration; ignored\n"))
        let manifest = try JSONSerialization.jsonObject(with: Data(try project.read("migrations/app/imported.json")))
        let object = try #require(manifest as? [String: Any])
        #expect(object["tool"] as? String == "diesel")
        #expect(object["trackingTable"] as? String == "__diesel_schema_migrations")
        let entries = try #require(object["migrations"] as? [[String: Any]])
        #expect(
            entries.map { $0["sourceVersion"] as? String } == [
                "20240102150405", "20240105093000", "20240211120000", "20240301080000", "20240320171500",
            ])
        #expect(entries[4]["version"] as? Int == 5)
        #expect(entries[4]["sourceFiles"] as? [String] == ["2024-03-20-171500_pin_notes/up.sql"])
    }

    @Test("flyway: 1.10 comes after 1.9, the tracked version is dotted, U undo files are listed as downs")
    func flywayOrder() throws {
        let project = try TemporaryDirectory.emptyProject()
        let fixture = ImportFixture.all[5]
        let result = kiln(["import", "app", fixture.path, "--dry-run"], in: project.url)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0] == "would import 5 flyway migrations from \(fixture.path) into migrations/app:")
        #expect(lines[3] == "  0003_1-9_add_tags.sql <- \(fixture.path)/V1.9__add_tags.sql")
        #expect(lines[4] == "  0004_1-10_touch_notes.sql <- \(fixture.path)/V1.10__touch_notes.sql")
        #expect(lines[5] == "  0005_2_1_pin_notes.sql <- \(fixture.path)/V2_1__pin_notes.sql")
        #expect(result.standardOutput.contains("  \(fixture.path)/U2_1__pin_notes.sql:1:1\n"))
        #expect(result.standardOutput.hasSuffix("dry run: nothing was written\n"))
        #expect(!project.exists("migrations"))
    }

    @Test("goose and dbmate: only the part before the down marker is imported, its annotations kept as comments")
    func sections() throws {
        let project = try TemporaryDirectory.emptyProject()
        let goose = ImportFixture.all[3]
        let result = kiln(["import", "app", goose.path], in: project.url)
        #expect(result.status == 0)
        let trigger = String(
            decoding: try project.read("migrations/app/0004_20240301080000_touch_notes.sql"), as: UTF8.self)
        #expect(trigger.hasPrefix("-- +goose Up\n-- +goose StatementBegin\nCREATE TRIGGER notes_touch"))
        #expect(trigger.hasSuffix("END;\n-- +goose StatementEnd\n\n"))
        #expect(result.standardOutput.contains("20240102150405_create_users.sql (up section)\n"))
        #expect(
            result.standardOutput.contains(
                "20240320171500_pin_notes.sql:1:1: the source tool ran this migration outside"))
        #expect(result.standardOutput.contains("20240320171500_pin_notes.sql:7:1\n"))  // its down marker
    }
}
