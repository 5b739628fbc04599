import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln check and hash, in-process")
struct CheckCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("kiln check passes on the repository's own five databases")
    func repository() throws {
        let folder = try TemporaryDirectory()
        let result = kiln(["check", "--root", Self.repository.path], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("kiln check: passed, 5 databases, 0 errors, "))
        #expect(!result.standardError.contains("error:"))
    }

    @Test(
        "the person app's original DELETE FROM location is caught, with its location and exit 1; --json has the same finding"
    )
    func personDelete() throws {
        let folder = try TemporaryDirectory()
        for file in ["migrations/person/0001_create_person.sql", "seeds/person/person.csv"] {
            try folder.write(file, bytes: Array(try Data(contentsOf: Self.repository.appendingPathComponent(file))))
        }
        try folder.write(
            "queries/person.sql",
            "INSERT INTO person VALUES(?,?);\nDELETE FROM person;\nDELETE FROM location WHERE id=?;\n")
        let hash = kiln(["hash"], in: folder.url)
        #expect(hash.standardOutput == "migrations/person/kiln.sum: 1 migration\n")
        let result = kiln(["check"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("queries/person.sql:3:13: error: no such table: location\n"))
        #expect(result.standardOutput.hasPrefix("kiln check: failed, 1 database, 1 error, 0 warnings"))
        let json = kiln(["check", "--json"], in: folder.url)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        #expect(document["formatVersion"] as? Int == 1 && document["passed"] as? Bool == false)
        let finding = ((document["databases"] as! [[String: Any]])[0]["diagnostics"] as! [[String: Any]])[0]
        #expect(finding["code"] as? String == "query-failed")
        #expect(
            finding["path"] as? String == "queries/person.sql" && finding["line"] as? Int == 3
                && finding["column"] as? Int == 13)
        #expect(finding["severity"] as? String == "error" && finding["message"] as? String == "no such table: location")
    }
}
