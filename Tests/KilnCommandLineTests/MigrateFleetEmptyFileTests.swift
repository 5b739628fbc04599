import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln migrate --each` in-process on a folder holding empty files: refused and left as they are, unless
/// `--create-empty`, and never through a symbolic link.
@Suite("kiln migrate --each and empty files, in-process")
struct MigrateFleetEmptyFileTests {
    /// The shop project with one database at version 1 and three empty files under `t/`, and a link to an
    /// empty file outside the fleet's folder.
    func project() throws -> (ShopProject, TemporaryDirectory) {
        let project = try ShopProject()
        let outside = try TemporaryDirectory()
        for name in ["READY", "upload.lock", "notes.txt"] { try project.folder.write("t/\(name)", "") }
        #expect(try project.kiln("migrate", "shop", "--db", "t/a.db", "--to", "1").status == 0)
        let victim = try outside.write("victim.db", "")
        try FileManager.default.createSymbolicLink(
            atPath: project.folder.path("t/link.db"), withDestinationPath: victim)
        return (project, outside)
    }

    /// Whether every empty file of the fleet (and the one the link points to) is still 0 bytes with no journal.
    func untouched(_ project: ShopProject, _ outside: TemporaryDirectory, names: [String]) throws -> Bool {
        let fleet = try names.allSatisfy {
            try project.folder.read("t/\($0)").isEmpty && !project.folder.exists("t/\($0)-journal")
        }
        return try fleet && outside.read("victim.db").isEmpty && !outside.exists("victim.db-journal")
    }

    @Test("every empty file is refused on standard output and error with a note naming --create-empty; exit 1")
    func refused() throws {
        let (project, outside) = try project()
        let result = try project.kiln("migrate", "shop", "--each", "t")
        #expect(result.status == 1)
        let lines = Set(result.standardOutput.split(separator: "\n").map(String.init))
        for name in ["READY", "upload.lock", "notes.txt"] {
            #expect(lines.contains("t/\(name): refused: t/\(name) is an empty file, not a database"), "\(lines)")
        }
        #expect(lines.contains("t/link.db: refused: t/link.db is a symbolic link to an empty file, not a database"))
        #expect(lines.contains { $0.hasPrefix("t/a.db: migrated from version 1 to 2") })
        #expect(
            lines.contains { $0.hasPrefix("shop: 5 files in ") && $0.hasSuffix("1 migrated, 4 refused") }, "\(lines)")
        let errors = result.standardError.split(separator: "\n").map(String.init)
        #expect(errors.contains("kiln: error: t/READY is an empty file, not a database"), "\(errors)")
        #expect(
            errors.contains(
                "kiln: note: kiln left it alone; pass --create-empty to make each empty file of the fleet a new database"
            ))
        #expect(try untouched(project, outside, names: ["READY", "upload.lock", "notes.txt"]))
    }

    @Test("under --json each empty file's line is refused with the diagnostic")
    func json() throws {
        let (project, outside) = try project()
        let result = try project.kiln("migrate", "shop", "--each", "t", "--json")
        #expect(result.status == 1)
        let objects = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let ready = try #require(objects.first { $0["path"] as? String == "t/READY" })
        #expect(ready["outcome"] as? String == "refused")
        let diagnostic = try #require(ready["diagnostic"] as? [String: Any])
        #expect(diagnostic["message"] as? String == "t/READY is an empty file, not a database")
        let summary = try #require(objects.last?["summary"] as? [String: Any])
        #expect((summary["counts"] as? [String: Int])?["refused"] == 4)
        #expect(try untouched(project, outside, names: ["READY", "upload.lock", "notes.txt"]))
    }

    @Test("--create-empty makes each empty regular file a database, but never the one a link points to")
    func createEmpty() throws {
        let (project, outside) = try project()
        let result = try project.kiln("migrate", "shop", "--each", "t", "--create-empty")
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("t/READY: migrated from version 0 to 2"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("t/link.db: refused: t/link.db is a symbolic link to an empty file"))
        #expect(
            result.standardError.contains(
                "kiln: note: kiln left it alone: an empty file reached through a symbolic link is never made a "
                    + "database, even with --create-empty"), "\(result.standardError)")
        let ready = try SQLiteConnection(path: project.folder.path("t/READY"), mode: .readOnly)
        #expect(try Migrator.version(of: ready) == 2)
        #expect(try untouched(project, outside, names: []))
    }

    @Test("--create-empty goes with --each; --db makes a database of an existing empty file, as of a missing one")
    func singleFile() throws {
        let project = try ShopProject()
        let usage = try project.kiln("migrate", "shop", "--db", "a.db", "--create-empty")
        #expect(usage.status == 64)
        #expect(usage.standardError.hasPrefix("kiln migrate: error: '--create-empty' goes with '--each'\n"))
        #expect(!project.folder.exists("a.db"))
        try project.folder.write("empty.db", "")
        let result = try project.kiln("migrate", "shop", "--db", "empty.db")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("shop: empty.db migrated from version 0 to 2 (2 migrations)\n"))
    }
}
