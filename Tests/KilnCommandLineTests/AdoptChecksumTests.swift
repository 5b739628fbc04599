import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `migrate --adopt` compares the checksum sqlx or Flyway recorded for each applied migration with the imported
/// file's, computed as the tool computes it, and refuses an edited released file unless told it was meant.
@Suite("kiln migrate --adopt: sqlx's and Flyway's checksums")
struct AdoptChecksumTests {
    /// A project whose `source/` is a copy of `fixture` with `edit` applied to its up file at `index`, imported
    /// from there, and whose `app.db` the tool made at version 16 from the released (unedited) files.
    static func project(_ fixture: ImportFixture, editing index: Int, _ edit: (String) -> String) throws
        -> TemporaryDirectory
    {
        let project = try TemporaryDirectory.emptyProject()
        try FileManager.default.copyItem(atPath: fixture.path, toPath: project.path("source"))
        let file = project.path("source/\(fixture.upFiles[index])")
        try Data(edit(try String(contentsOfFile: file, encoding: .utf8)).utf8).write(to: URL(fileURLWithPath: file))
        let imported = kiln(["import", "app", "source", "--from", fixture.tool], in: project.url)
        try #require(imported.status == 0, "\(imported.standardError)")
        try ToolTrackingTables.makeDatabase(fixture, applied: 16, in: project)
        return project
    }

    static let tools = ImportFixture.irregular.filter { ["sqlx", "flyway"].contains($0.tool) }

    @Test(
        "an applied file edited since is refused with version, file and both sums; --accept-edited takes over",
        arguments: tools)
    func editedReleasedFile(fixture: ImportFixture) throws {
        let project = try Self.project(fixture, editing: 4) { $0 + "-- reviewed: the feed query uses this index\n" }
        let file = fixture.upFiles[4]
        let released = try ToolTrackingTables.checksums(tool: fixture.tool, files: ["\(fixture.path)/\(file)"])[0]
        let edited = try ToolTrackingTables.checksums(tool: fixture.tool, files: [project.path("source/\(file)")])[0]
        #expect(released != edited)
        let version = fixture.tool == "sqlx" ? "5" : "1.4"
        let before = try project.read("app.db")
        let refused = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(refused.status == 1)
        let tool = fixture.tool == "sqlx" ? "sqlx" : "flyway"
        #expect(
            refused.standardError.contains(
                "app.db: \(tool) recorded checksum \(released) for version \(version), but the imported file "
                    + "source/\(file) has checksum \(edited): it was edited after this database ran it"),
            "\(refused.standardError)")
        #expect(refused.standardError.contains("--accept-edited \(version)"), "\(refused.standardError)")
        #expect(try project.read("app.db") == before)
        let accepted = kiln(
            ["migrate", "app", "--db", "app.db", "--adopt", "--accept-edited", version], in: project.url)
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(accepted.standardOutput.contains("maps to kiln version 16\n"), "\(accepted.standardOutput)")
    }

    @Test("Flyway's checksum leaves line endings out, sqlx's does not: a file saved with CRLF since", arguments: tools)
    func lineEndings(fixture: ImportFixture) throws {
        let project = try Self.project(fixture, editing: 1) { $0.replacingOccurrences(of: "\n", with: "\r\n") }
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        if fixture.tool == "flyway" {
            #expect(result.status == 0, "\(result.standardError)")
        } else {
            #expect(result.status == 1)
            #expect(result.standardError.contains("sqlx recorded checksum "), "\(result.standardError)")
        }
    }

    @Test("--accept-edited names a version the history has, and goes with --adopt")
    func acceptEditedUsage() throws {
        let fixture = try #require(Self.tools.first)
        let project = try Self.project(fixture, editing: 4) { $0 + "-- reviewed\n" }
        let unknown = kiln(
            ["migrate", "app", "--db", "app.db", "--adopt", "--accept-edited", "6.1"], in: project.url)
        #expect(unknown.status == 1)
        #expect(
            unknown.standardError.contains("--accept-edited 6.1: no imported migration has version 6.1"),
            "\(unknown.standardError)")
        let alone = kiln(["migrate", "app", "--db", "app.db", "--accept-edited", "5"], in: project.url)
        #expect(alone.status != 0)
        #expect(alone.standardError.contains("'--accept-edited' goes with '--adopt'"), "\(alone.standardError)")
    }
}
