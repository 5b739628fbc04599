import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln import` in-process on a source folder holding what it must never copy: a file linked from outside the
/// folder, or a migration with a NUL byte. Refused at the file, exit 1, nothing written, in a dry run too.
@Suite("kiln import refuses links out of the folder and NUL bytes, in-process")
struct ImportSourceRefusalTests {
    /// A project with a sqlx folder of two migrations at `src/`.
    static func project() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory.emptyProject()
        try project.write("src/20240101000000_a.sql", "CREATE TABLE a (x);\n")
        try project.write("src/20240102000000_b.sql", "CREATE TABLE b (x);\n")
        return project
    }

    @Test("an up file linked from outside is refused, naming the link and where it points", arguments: [false, true])
    func linkOutside(dryRun: Bool) throws {
        let project = try Self.project()
        let outside = try TemporaryDirectory()
        let target = try outside.write("up.sql", "CREATE TABLE stolen (x);\n")
        try FileManager.default.createSymbolicLink(
            atPath: project.path("src/20240103000000_c.sql"), withDestinationPath: target)
        let result = kiln(["import", "app", "src", "--from", "sqlx"] + (dryRun ? ["--dry-run"] : []), in: project.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        let resolved = try FileSystem.resolvedPath(target)
        #expect(
            result.standardError
                == "src/20240103000000_c.sql:1:1: error: src/20240103000000_c.sql is a symbolic link to \(resolved), "
                + "outside src: kiln imports only what is inside the folder\n"
                + "src/20240103000000_c.sql:1:1: note: copy the file into the folder (or import the folder it is in); "
                + "links that stay inside are followed\n")
        #expect(!project.exists("migrations"))
    }

    @Test("a migration holding a NUL is refused at it instead of copied")
    func nul() throws {
        let project = try Self.project()
        try project.write("src/20240102000000_b.sql", bytes: Array("CREATE TABLE b (x);\0DROP TABLE a;\n".utf8))
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "src/20240102000000_b.sql:1:20: error: a NUL byte: SQLite stops reading SQL at it, so nothing after "
                    + "it would run\n"), "\(result.standardError)")
        #expect(!project.exists("migrations"))
    }

    @Test("a link that stays inside the folder is imported as the file it points to")
    func linkInside() throws {
        let project = try Self.project()
        try project.write("src/shared/c.sql", "CREATE TABLE c (x);\n")
        try FileManager.default.createSymbolicLink(
            atPath: project.path("src/20240103000000_c.sql"), withDestinationPath: "shared/c.sql")
        let result = kiln(["import", "app", "src", "--from", "sqlx"], in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try project.read("migrations/app/0003_20240103000000_c.sql") == Array("CREATE TABLE c (x);\n".utf8))
    }
}
