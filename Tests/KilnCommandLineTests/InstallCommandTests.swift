import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln install, in-process")
struct InstallCommandTests {
    @Test("install copies a bundled database, then finds it up to date; paths are relative to the command's folder")
    func install() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "bundled.sqlite")
        let copied = try project.kiln("install", "--bundled", "bundled.sqlite", "--to", "app.sqlite")
        #expect(copied.status == 0, "\(copied.standardError)")
        #expect(copied.standardOutput == "copied the bundled database to app.sqlite\n")
        #expect(project.folder.exists("app.sqlite"))
        let again = try project.kiln(
            "install", "--bundled", "bundled.sqlite", "--to", "app.sqlite", "--migrations", "shop", "--json")
        let document = try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as! [String: Any]
        #expect(document["outcome"] as? String == "upToDate")
        let missing = try project.kiln("install", "--bundled", "bundled.sqlite")
        #expect(missing.status == 64)
        #expect(missing.standardError.hasPrefix("kiln install: error: missing expected option '--to <file>'\n"))
    }

    @Test("a destination folder that does not exist: the errno's text and the note to check the folder")
    func missingDestinationFolder() throws {
        let project = try ShopProject()
        try project.kiln("migrate", "shop", "--db", "bundled.sqlite")
        let result = try project.kiln("install", "--bundled", "bundled.sqlite", "--to", "nofolder/app.sqlite")
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.standardError)")
        #expect(lines.first?.hasSuffix("No such file or directory") == true, "\(result.standardError)")
        #expect(lines.last == "kiln: note: check that the destination folder exists and is writable")
    }
}
