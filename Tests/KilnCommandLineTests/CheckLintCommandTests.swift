import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln check's lint, in-process")
struct CheckLintCommandTests {
    /// A one-database project whose second migration drops a table, hashed.
    private func project(_ drop: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/shop/0001_create_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY);\n")
        try folder.write("migrations/shop/0002_drop_item.sql", drop)
        #expect(kiln(["hash"], in: folder.url).status == 0)
        return folder
    }

    @Test("a warning prints its rule's name, --json carries it as 'rule', and the allow comment lets --strict pass")
    func ruleNameAndAllow() throws {
        let folder = try project("DROP TABLE item;\n")
        let strict = kiln(["check", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(
            strict.standardError.hasPrefix(
                "migrations/shop/0002_drop_item.sql:1:1: error: DROP TABLE in a migration after the first deletes user data on every device that upgrades [drop-table]\n"
            ))
        let json = kiln(["check", "--json"], in: folder.url)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        let finding = ((document["databases"] as! [[String: Any]])[0]["diagnostics"] as! [[String: Any]])[0]
        #expect(finding["rule"] as? String == "drop-table" && finding["code"] as? String == "drop-table")
        #expect(finding["severity"] as? String == "warning")
        let allowed = try project("-- kiln:allow drop-table -- the item list moved to the server\nDROP TABLE item;\n")
        let passing = kiln(["check", "--strict"], in: allowed.url)
        #expect(passing.status == 0, "\(passing.standardError)")
        #expect(passing.standardOutput.hasPrefix("kiln check: passed, 1 database, 0 errors, 0 warnings"))
    }

    @Test("an error that is no lint finding has no rule in --json")
    func noRuleForErrors() throws {
        let folder = try project("-- kiln:allow drop-tables\nDROP TABLE item;\n")
        let json = kiln(["check", "--json"], in: folder.url)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        let findings = (document["databases"] as! [[String: Any]])[0]["diagnostics"] as! [[String: Any]]
        let unknown = try #require(findings.first { $0["code"] as? String == "unknown-lint-rule" })
        #expect(unknown["rule"] == nil || unknown["rule"] is NSNull)
        #expect(unknown["line"] as? Int == 1 && unknown["column"] as? Int == 15)
        #expect((unknown["hint"] as? String)?.hasPrefix("did you mean 'drop-table'?") == true)
    }

    @Test("kiln help check lists every rule name and the allow comment")
    func helpDocumentsRules() {
        let help = kiln(["help", "check"], in: URL(fileURLWithPath: NSTemporaryDirectory())).standardOutput
        for rule in [
            "drop-table", "drop-column", "delete-without-where", "seed-without-primary-key", "full-scan",
            "rename-referenced-table",
        ] {
            #expect(help.contains("  \(rule) "), "\(rule)")
        }
        #expect(help.contains("-- kiln:allow <rule>[, <rule>...]"))
    }

    @Test("rename-referenced-table still runs when the migrations need a kiln.json stand-in collation")
    func renameCheckUsesStandIns() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/shop/0001_create.sql",
            "CREATE TABLE maker (id INTEGER PRIMARY KEY, name TEXT COLLATE unicase);\n"
                + "CREATE TABLE item (id INTEGER PRIMARY KEY, maker_id INTEGER REFERENCES maker (id));\n")
        try folder.write("migrations/shop/0002_rename.sql", "ALTER TABLE maker RENAME TO maker_old;\n")
        try folder.write("kiln.json", #"{ "databases": { "shop": { "collations": { "unicase": "NOCASE" } } } }"#)
        #expect(kiln(["hash"], in: folder.url).status == 0)
        let result = kiln(["check"], in: folder.url)
        #expect(
            result.standardError.contains("migrations/shop/0002_rename.sql:1:1: warning: ")
                && result.standardError.contains("[rename-referenced-table]"), "\(result.standardError)")
    }
}
