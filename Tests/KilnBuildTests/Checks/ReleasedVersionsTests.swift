import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// Two migrations released together: version 3 creates `tag`, version 4 rebuilds it with a NOT NULL column
/// and no backfill. A device at version 3 with tags would fail at 4, but no release left a device at 3.
private struct ReleasedTogether {
    let folder: TemporaryDirectory

    init(releases: String?) throws {
        folder = try TemporaryDirectory()
        try folder.write(
            "migrations/notes/0001_create_note.sql",
            "CREATE TABLE note (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL\n);\n")
        try folder.write("migrations/notes/0002_add_body.sql", "ALTER TABLE note ADD COLUMN body TEXT;\n")
        try folder.write(
            "migrations/notes/0003_create_tag.sql",
            "CREATE TABLE tag (\n    id INTEGER PRIMARY KEY,\n    label TEXT NOT NULL\n);\n")
        try folder.write(
            "migrations/notes/0004_tag_colour.sql",
            """
            CREATE TABLE tag_new (
                id INTEGER PRIMARY KEY,
                label TEXT NOT NULL,
                colour TEXT NOT NULL
            );
            INSERT INTO tag_new (id, label) SELECT id, label FROM tag;
            DROP TABLE tag;
            ALTER TABLE tag_new RENAME TO tag;

            """)
        if let releases { try folder.write("kiln.json", #"{"databases": {"notes": {"releases": \#(releases)}}}"#) }
    }

    var errors: [String] {
        get throws {
            let checker = ProjectChecker(project: try KilnProject(root: folder.url))
            // The upgrade path's errors (this history keeps no kiln.sum).
            return checker.check("notes").filter { $0.severity == .error && $0.location?.path != "migrations/notes" }
                .map { $0.formatted() }
        }
    }
}

@Suite("Versions that shipped: kiln.json's releases decide where upgrade paths start")
struct ReleasedVersionsTests {
    @Test("without releases every version is a start: a device at version 3 with tags fails at 4")
    func everyVersion() throws {
        let errors = try ReleasedTogether(releases: nil).errors
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix(
                "migrations/notes/0004_tag_colour.sql:6:1: error: NOT NULL constraint failed: tag_new.colour, when upgrading from version 3 with data"
            ) == true, "\(errors)")
    }

    @Test("with versions 3 and 4 released together, no device was at 3: nothing to report")
    func releasedTogether() throws {
        #expect(try ReleasedTogether(releases: "[2, 4]").errors == [])
    }

    @Test("a release at 3 brings the failure back, from version 3 only")
    func releasedAtThree() throws {
        let errors = try ReleasedTogether(releases: "[1, 3, 4]").errors
        #expect(errors.first?.contains("when upgrading from version 3 with data") == true, "\(errors)")
    }

    @Test(
        "releases must be ascending versions of at least 1, located at the value",
        arguments: ["[4, 2]", "[0, 3]", "[1, 1]", "\"4\"", "[1.5]", "[2, \"x\"]"])
    func invalid(releases: String) throws {
        let json = #"{"databases": {"notes": {"releases": \#(releases)}}}"#
        do {
            _ = try KilnConfiguration.parse(Array(json.utf8))
            Issue.record("\(releases) was accepted")
        } catch let error as ConfigurationError {
            let lines = error.diagnostics.map { $0.formatted() }
            #expect(
                lines.first?.hasPrefix(
                    "kiln.json:1:38: error: 'databases.notes.releases' must be a list of versions in ascending order, each at least 1"
                ) == true, "\(lines)")
        }
    }
}
