import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln import` in-process on a source folder holding what it must never copy: a migration with a NUL byte.
/// Refused at the file, exit 1, nothing written.
@Suite("kiln import refuses NUL bytes, in-process")
struct ImportSourceRefusalTests {
    /// A project with a sqlx folder of two migrations at `src/`.
    static func project() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory.emptyProject()
        try project.write("src/20240101000000_a.sql", "CREATE TABLE a (x);\n")
        try project.write("src/20240102000000_b.sql", "CREATE TABLE b (x);\n")
        return project
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
}
