import Foundation
import KilnTestSupport
import Testing

@Suite("kiln import, the real binary")
struct ImportEndToEndTests {
    /// `Tests/Fixtures/import/<tool>`.
    static func fixture(_ tool: String) -> String {
        TestFixtures.url("import/\(tool)").path
    }

    @Test("import, hash, check and migrate a Flyway folder in the process's folder")
    func flyway() throws {
        let folder = try TemporaryDirectory.emptyProject()
        try FileManager.default.copyItem(atPath: Self.fixture("flyway"), toPath: folder.path("db/migration"))
        let dryRun = try KilnBinary.run(["import", "notes", "db/migration", "--dry-run"], in: folder.url)
        #expect(dryRun.status == 0)
        #expect(dryRun.standardOutput.hasSuffix("dry run: nothing was written\n"))
        #expect(!folder.exists("migrations"))
        let imported = try KilnBinary.run(["import", "notes", "db/migration"], in: folder.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
            imported.standardOutput.contains("  0004_1-10_touch_notes.sql <- db/migration/V1.10__touch_notes.sql\n"))
        #expect(imported.standardOutput.contains("  db/migration/V1__create_users.sql:1:1: BEGIN;\n"))
        #expect(try KilnBinary.run(["hash", "notes"], in: folder.url).status == 0)
        let checked = try KilnBinary.run(["check", "notes"], in: folder.url)
        #expect(checked.status == 0, "\(checked.standardError)")
        let migrated = try KilnBinary.run(["migrate", "notes", "--db", "notes.sqlite"], in: folder.url)
        #expect(migrated.status == 0)
        #expect(migrated.standardOutput.hasSuffix("notes: notes.sqlite migrated from version 0 to 5 (5 migrations)\n"))
        let again = try KilnBinary.run(["import", "notes", "db/migration"], in: folder.url)
        #expect(again.status == 1)
        #expect(again.standardError.contains("migrations/notes already holds migrations"))
    }
}
