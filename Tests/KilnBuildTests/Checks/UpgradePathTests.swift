import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild
@testable import KilnCommandLine

@Suite("kiln check: upgrade paths, each finding once")
struct UpgradePathTests {
    @Test(
        "starting versions read as compressed ranges",
        arguments: [
            ([4], nil, "version 4"),
            ([1, 2, 3, 7, 9, 10, 11, 12], nil, "versions 1–3, 7, 9–12"),
            ([3, 1, 2, 2], nil, "versions 1–3"),
            ([50, 51], Int32(1)...Int32(49), "versions 50–51 and maybe more (versions 1–49 not tried one by one)"),
        ] as [([Int32], ClosedRange<Int32>?, String)])
    func ranges(versions: [Int32], untried: ClosedRange<Int32>?, words: String) {
        #expect(UpgradeStarts(versions, untried: untried).description == words)
    }

    @Test("the versions tried after a failure stay within the budget, nearest first")
    func budget() {
        #expect(UpgradeAttribution.lowestTried(failing: 65) == 1)
        let lowest = UpgradeAttribution.lowestTried(failing: 400)
        let cost = (lowest..<400).reduce(0) { $0 + Int(400 - $1) }
        #expect(lowest > 1 && cost <= UpgradeAttribution.budget)
        #expect(cost + Int(400 - (lowest - 1)) > UpgradeAttribution.budget)
    }

    @Test(
        "a failing migration of the 64-version ledger is reported once, with the versions it affects; the chain goes on and finds the next one"
    )
    func ledgerGrouping() throws {
        let ledger = try LedgerProject([
            (
                "migrations/ledger/0065_clear_labels.sql",
                "-- a bug: labels are NOT NULL\nUPDATE tag SET label = NULL;\n"
            ),
            ("migrations/ledger/0066_clear_labels_again.sql", "UPDATE tag SET label = NULL WHERE id > 0;\n"),
        ])
        let findings = try ledger.findings()
        let labels = findings.filter { $0.location?.path == "migrations/ledger/0065_clear_labels.sql" }
        try #require(labels.count == 1)
        #expect(
            labels[0].location == SourceLocation(path: "migrations/ledger/0065_clear_labels.sql", line: 2, column: 1))
        let starts = try #require(labels[0].upgradeStarts)
        // tag exists from version 10 on: no database older than that has a label to lose.
        #expect(!starts.versions.isEmpty && starts.versions.allSatisfy { (10...64).contains($0) })
        #expect(
            LedgerProject.lines(labels, in: "migrations/ledger/0065_clear_labels.sql")[0].hasPrefix(
                "migrations/ledger/0065_clear_labels.sql:2:1: error: NOT NULL constraint failed: tag.label, when upgrading from version"
            ))
        let again = findings.filter { $0.location?.path == "migrations/ledger/0066_clear_labels_again.sql" }
        try #require(again.count == 1)
        // After 0065 failed, the chain went on from 0065's schema with version 65's rows.
        #expect(again[0].upgradeStarts?.versions.contains(65) == true)
        #expect(findings.filter { $0.upgradeStarts != nil }.count == 2)
    }

    @Test("a foreign-key violation is one finding whatever rowids each starting version's rows have")
    func foreignKeyViolationGrouped() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/app/0001_tables.sql",
            "CREATE TABLE parent (id INTEGER PRIMARY KEY);\nCREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id));\n"
        )
        try folder.write("migrations/app/0002_index.sql", "CREATE INDEX child_parent ON child (parent_id);\n")
        try folder.write(
            "migrations/app/0003_rebuild_parent.sql",
            "-- the bug: renaming the old table away points child at parent_old\nALTER TABLE parent RENAME TO parent_old;\nCREATE TABLE parent (id INTEGER PRIMARY KEY);\nINSERT INTO parent SELECT id FROM parent_old;\nDROP TABLE parent_old;\n"
        )
        try folder.write("fixtures/app/1.sql", "INSERT INTO parent VALUES (1);\nINSERT INTO child VALUES (1, 1);\n")
        try folder.write(
            "fixtures/app/2.sql", "INSERT INTO parent VALUES (5), (6);\nINSERT INTO child VALUES (7, 5), (8, 6);\n")
        let checker = ProjectChecker(project: try KilnProject(root: folder.url))
        _ = try checker.writeSum(for: "app")
        let upgrades = checker.findings(for: "app").filter { $0.upgradeStarts != nil }
        try #require(upgrades.count == 1)
        #expect(upgrades[0].upgradeStarts?.versions == [1, 2])
        #expect(
            upgrades[0].location == SourceLocation(path: "migrations/app/0003_rebuild_parent.sql", line: 2, column: 1))
        #expect(upgrades[0].diagnostics[0].message.contains("references a missing row of parent_old"))
    }

    @Test("a fixture gets its own path; the same failure from the chain and from the fixture is one finding")
    func fixturePath() throws {
        let ledger = try LedgerProject([
            ("migrations/ledger/0065_clear_labels.sql", "UPDATE tag SET label = NULL;\n"),
            ("fixtures/ledger/0010.sql", "INSERT INTO tag (label) VALUES ('groceries');\n"),
            ("fixtures/ledger/20.sql", "-- no rows at version 20\n"),
        ])
        let findings = try ledger.findings()
        let labels = findings.filter { $0.location?.path == "migrations/ledger/0065_clear_labels.sql" }
        try #require(labels.count == 1)
        #expect(labels[0].upgradeStarts?.versions.contains(10) == true)
        #expect(labels[0].upgradeStarts?.versions.contains(20) == false)
        #expect(!findings.contains { $0.location?.path.hasPrefix("fixtures/") == true })
    }

    @Test("a fixture's statement fails at the fixture; a fixture that breaks nothing passes")
    func fixtureStatement() throws {
        let shop = try CheckProject()  // its setup already holds fixtures/shop/1.sql: replace it
        try shop.folder.write("fixtures/shop/1.sql", "INSERT INTO item (name, code) VALUES ('apple', 'A');\n")
        #expect(try shop.errors() == [])
        try shop.folder.write("fixtures/shop/1.sql", "INSERT INTO item (nam) VALUES ('apple');\n")
        #expect(
            try shop.errors() == [
                "fixtures/shop/1.sql:1:19: error: table item has no column named nam (the fixture runs against a database at version 1)"
            ])
    }

    @Test("a fixture leaving rows whose foreign key points nowhere fails at the fixture, not at the next migration")
    func fixtureOrphans() throws {
        let ledger = try LedgerProject([
            ("fixtures/ledger/0010.sql", "INSERT INTO entry_tag (entry_id, tag_id) VALUES (41, 42);\n")
        ])
        let findings = try ledger.findings()
        #expect(
            LedgerProject.lines(findings, in: "fixtures/ledger/0010.sql") == [
                "fixtures/ledger/0010.sql:1:1: error: a row of entry_tag references a missing row of tag (the fixture runs against a database at version 10)"
            ])
        #expect(!findings.contains { $0.upgradeStarts?.versions.contains(10) == true })
    }

    @Test("every file under fixtures/<database>/ must name a version, once, as its migration or plainly")
    func fixtureNames() throws {
        let shop = try CheckProject()
        for name in ["1.sql", "0001.sql", "01.sql", "3.sql", "0.sql", "notes.txt", "0002_more.sql", "0002.SQL"] {
            try shop.folder.write("fixtures/shop/\(name)", "-- no rows\n")
        }
        try shop.folder.write("fixtures/shop/.gitkeep", "")
        #expect(
            try shop.errors() == [
                "fixtures/shop/0.sql:1:1: error: fixtures/shop/0.sql names version 0, but the versions of 'shop' are 1 to 2",
                "fixtures/shop/0002.SQL:1:1: error: fixtures/shop/0002.SQL is not named by a version of 'shop', so it is never read",
                "fixtures/shop/0002_more.sql:1:1: error: fixtures/shop/0002_more.sql is not named by a version of 'shop', so it is never read",
                "fixtures/shop/01.sql:1:1: error: fixtures/shop/01.sql writes version 1 neither as its migration's file name does nor plain",
                "fixtures/shop/1.sql:1:1: error: fixtures/shop/1.sql and fixtures/shop/0001.sql both name version 1",
                "fixtures/shop/3.sql:1:1: error: fixtures/shop/3.sql names version 3, but the versions of 'shop' are 1 to 2",
                "fixtures/shop/notes.txt:1:1: error: fixtures/shop/notes.txt is not named by a version of 'shop', so it is never read",
            ])
        let hints = ProjectChecker(project: try shop.project).findings(for: "shop").compactMap {
            $0.commandLineDiagnostics.first?.hint
        }
        #expect(hints.contains { $0.hasSuffix("did you mean '0002.sql'?") })
    }
}
