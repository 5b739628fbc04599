import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln reset, in-process")
struct ResetCommandTests {
    @Test("a file another connection has open in WAL mode is refused with a hint, then replaced with --force")
    func inUse() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,plum,2\n")
        let app = try SQLiteConnection(path: project.folder.path("dev.sqlite"))
        try app.execute(sql: "PRAGMA journal_mode = WAL; CREATE TABLE mine (x); INSERT INTO mine VALUES (1)")
        let refused = try project.kiln("reset", "shop", "--db", "dev.sqlite")
        #expect(refused.status == 1)
        let path = project.folder.path("dev.sqlite")
        #expect(
            refused.standardError
                == "kiln: error: \(path) is in use: another process has it open in WAL mode; it was left as it was\n"
                + "kiln: note: stop the process that has it open, or pass --force to replace it anyway\n")
        #expect(!project.folder.exists("dev.sqlite.previous"))
        let forced = try project.kiln("reset", "shop", "--db", "dev.sqlite", "--force")
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(forced.standardOutput.hasSuffix("; the old file is dev.sqlite.previous\n"))
        let previous = try SQLiteConnection(path: path + ".previous", mode: .readOnly)
        #expect(try previous.integer(sql: "SELECT count(*) FROM mine") == 1)
    }
}
