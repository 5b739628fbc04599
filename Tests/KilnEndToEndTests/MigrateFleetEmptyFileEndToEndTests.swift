import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln migrate --each` through the built binary on a folder where empty files lie beside a database: the
/// fleet never makes a database of one unless `--create-empty`, and never of one a link points to.
@Suite("kiln migrate --each and empty files, end to end")
struct MigrateFleetEmptyFileEndToEndTests {
    @Test("empty files are refused and stay 0 bytes; --create-empty makes databases of them, never through a link")
    func emptyFiles() throws {
        let project = try ShopProject()
        let outside = try TemporaryDirectory()
        try project.folder.write("fleet/READY", "")
        #expect(try project.kiln("migrate", "shop", "--db", "fleet/a.db", "--to", "1").status == 0)
        try project.folder.write("fleet/notes.txt", "")
        try FileManager.default.createSymbolicLink(
            atPath: project.folder.path("fleet/link.db"), withDestinationPath: try outside.write("victim", ""))
        let refused = try project.kiln("migrate", "shop", "--each", "fleet")
        #expect(refused.status == 1, "\(refused.standardError)")
        #expect(refused.standardOutput.contains("fleet/READY: refused: fleet/READY is an empty file, not a database\n"))
        #expect(refused.standardOutput.contains("fleet/notes.txt: refused: fleet/notes.txt is an empty file"))
        #expect(refused.standardOutput.contains("fleet/link.db: refused: fleet/link.db is a symbolic link to an empty"))
        #expect(refused.standardError.contains("kiln: error: fleet/READY is an empty file, not a database\n"))
        #expect(
            refused.standardError.contains("pass --create-empty to make each empty file of the fleet a new database"))
        for name in ["READY", "notes.txt"] {
            #expect(try project.folder.read("fleet/\(name)").isEmpty)
            #expect(!project.folder.exists("fleet/\(name)-journal"))
        }
        #expect(try outside.read("victim").isEmpty)
        let created = try project.kiln("migrate", "shop", "--each", "fleet", "--create-empty")
        #expect(created.status == 1)
        #expect(
            created.standardOutput.contains("fleet/READY: migrated from version 0 to 2"), "\(created.standardOutput)")
        #expect(created.standardOutput.contains("fleet/link.db: refused: "))
        #expect(try outside.read("victim").isEmpty && !outside.exists("victim-journal"))
        let ready = try SQLiteConnection(path: project.folder.path("fleet/READY"), mode: .readOnly)
        #expect(try Migrator.version(of: ready) == 2)
    }
}
