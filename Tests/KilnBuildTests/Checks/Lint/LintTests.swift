import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// The lint warnings of a `CheckProject` after writing `files`, as `kiln check` prints their first lines.
private func lint(_ files: [String: String], kilnJSON: String? = nil) throws -> [String] {
    let fixture = try CheckProject()
    for (path, text) in files { try fixture.folder.write(path, text) }
    if let kilnJSON { try fixture.folder.write("kiln.json", kilnJSON) }
    try fixture.hash()
    return ProjectChecker(project: try fixture.project).findings(for: "shop")
        .filter { $0.reason.lintRule != nil || $0.reason.code?.contains("lint") == true }
        .flatMap(\.commandLineDiagnostics).map { String($0.formatted().split(separator: "\n")[0]) }
}

@Suite("lint rules and kiln:allow")
struct LintTests {
    static let migration = "migrations/shop/0003_change.sql"

    @Test("each destructive rule fires with its name and is silenced by an allow comment before the statement")
    func destructiveRules() throws {
        let sql =
            "ALTER TABLE item ADD COLUMN note TEXT;\nALTER TABLE item DROP COLUMN note;\nDELETE FROM item;\n"
            + "CREATE TABLE scratch (x);\nDROP TABLE scratch;\n"
        let warnings = try lint([Self.migration: sql])
        #expect(
            warnings == [
                "\(Self.migration):2:1: warning: DROP COLUMN in a migration after the first deletes user data on every device that upgrades [drop-column]",
                "\(Self.migration):3:1: warning: DELETE without WHERE in a migration after the first deletes user data on every device that upgrades [delete-without-where]",
                "\(Self.migration):5:1: warning: DROP TABLE in a migration after the first deletes user data on every device that upgrades [drop-table]",
            ])
        let allowed =
            "ALTER TABLE item ADD COLUMN note TEXT;\n-- kiln:allow drop-column\nALTER TABLE item DROP COLUMN note;\n"
            + "-- the catalogue is reloaded from the seeds\n-- kiln:allow delete-without-where -- stale rows\n"
            + "DELETE FROM item;\nCREATE TABLE scratch (x);\n\n-- kiln:allow drop-table\nDROP TABLE scratch;\n"
        #expect(try lint([Self.migration: allowed]) == [])
    }

    @Test("an allow comment at the end of the first line, and one naming several rules, silence those rules")
    func endOfFirstLineAndSeveralRules() throws {
        let sql = """
            ALTER TABLE item ADD COLUMN note TEXT;
            ALTER TABLE item -- kiln:allow drop-column
                DROP COLUMN note;
            DELETE FROM item; -- kiln:allow drop-table, delete-without-where
            CREATE TABLE scratch (x);
            DROP TABLE scratch; --kiln:allow drop-column,drop-table

            """
        #expect(try lint([Self.migration: sql]) == [])
    }

    @Test(
        "an allow comment belongs to one statement, not to the next one; one that silences nothing is an error"
    )
    func allowCommentPlacement() throws {
        let sql = """
            -- kiln:allow drop-table
            CREATE TABLE scratch (x);
            DROP TABLE scratch;
            DELETE FROM item
                -- kiln:allow delete-without-where
                ; -- kiln:allow delete-without-where
            -- kiln:allow drop-table

            """
        let misplaced = "error: this kiln:allow comment belongs to no statement, so it silences nothing"
        #expect(
            try lint([Self.migration: sql]) == [
                "\(Self.migration):5:5: \(misplaced)", "\(Self.migration):6:7: \(misplaced)",
                "\(Self.migration):7:1: \(misplaced)",
                "\(Self.migration):3:1: warning: DROP TABLE in a migration after the first deletes user data on every device that upgrades [drop-table]",
                "\(Self.migration):4:1: warning: DELETE without WHERE in a migration after the first deletes user data on every device that upgrades [delete-without-where]",
            ])
    }

    @Test("kiln:allow inside a string, a quoted identifier or a block comment is no allow comment")
    func notAComment() throws {
        let sql = """
            CREATE TABLE scratch (x);
            INSERT INTO scratch VALUES ('-- kiln:allow drop-table'); CREATE TABLE "-- kiln:allow drop-table" (x);
            /* -- kiln:allow drop-table */
            DROP TABLE scratch;

            """
        #expect(try lint([Self.migration: sql]).map { $0.hasSuffix("[drop-table]") } == [true])
    }

    @Test("an unknown rule in an allow comment is an error at the name, with did you mean")
    func unknownRule() throws {
        let fixture = try CheckProject()
        try fixture.folder.write(
            Self.migration, "CREATE TABLE scratch (x);\n-- kiln:allow drop-tabel\nDROP TABLE scratch;\n")
        try fixture.hash()
        let finding = try #require(
            ProjectChecker(project: try fixture.project).findings(for: "shop").first {
                $0.reason.code == "unknown-lint-rule"
            })
        #expect(finding.severity == .error)
        #expect(
            finding.commandLineDiagnostics.map { $0.formatted() } == [
                """
                \(Self.migration):2:15: error: unknown lint rule 'drop-tabel' in kiln:allow
                \(Self.migration):2:15: note: did you mean 'drop-table'? the rules are drop-table, drop-column, delete-without-where, seed-without-primary-key, full-scan, rename-referenced-table, upgrade-risk; separate several with commas and put a reason after a second '--'
                """
            ])
        #expect(try fixture.findings().contains { $0.contains("[drop-table]") })
        #expect(try lint([Self.migration: "-- kiln:allow\nCREATE TABLE scratch (x);\n"]).count == 1)
    }

    @Test("the 12-step rebuild's DROP is not data loss, whatever the quoting and case of the names")
    func twelveStepRebuild() throws {
        let sql = """
            CREATE TABLE "Item_New" (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT, price REAL);
            INSERT INTO item_new (id, name, code) SELECT id, name, code FROM "ITEM";
            DROP TABLE [Item];
            ALTER TABLE "item_new" RENAME TO item;
            CREATE UNIQUE INDEX item_code ON item (code);

            """
        #expect(try lint([Self.migration: sql]) == [])
        let notCopied = sql.replacingOccurrences(
            of: "FROM \"ITEM\"", with: "FROM (SELECT 1 AS id, 'x' AS name, 'y' AS code)")
        #expect(try lint([Self.migration: notCopied]).count == 1)
    }

    @Test("renaming a table other tables reference is rename-referenced-table; the 12-step order is not")
    func renameReferencedTable() throws {
        let review = "migrations/shop/0003_review.sql"
        let reviewSQL = "CREATE TABLE review (id INTEGER PRIMARY KEY, item_id INTEGER REFERENCES item (id));\n"
        let wrongWay = """
            ALTER TABLE item RENAME TO item_old;
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT, price REAL);
            INSERT INTO item (id, name, code) SELECT id, name, code FROM item_old;
            DROP TABLE item_old;
            CREATE UNIQUE INDEX item_code ON item (code);

            """
        let rebuild = "migrations/shop/0004_rebuild_item.sql"
        let warnings = try lint([review: reviewSQL, rebuild: wrongWay])
        #expect(
            warnings == [
                "\(rebuild):1:1: warning: renaming 'item' to 'item_old' rewrites the foreign keys of 'review' to point at 'item_old' [rename-referenced-table]"
            ])
        #expect(try lint([review: reviewSQL, rebuild: "-- kiln:allow rename-referenced-table\n" + wrongWay]) == [])
        #expect(try lint([review: reviewSQL, rebuild: "PRAGMA legacy_alter_table = ON;\n" + wrongWay]) == [])
        let rightWay = """
            CREATE TABLE item_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT, price REAL);
            INSERT INTO item_new (id, name, code) SELECT id, name, code FROM item;
            DROP TABLE item;
            ALTER TABLE item_new RENAME TO item;
            CREATE UNIQUE INDEX item_code ON item (code);

            """
        #expect(try lint([review: reviewSQL, rebuild: rightWay]) == [])
    }

    @Test("seed-without-primary-key is silenced on the CREATE TABLE, also through a rebuild's rename")
    func seedWithoutPrimaryKey() throws {
        let seed = ["seeds/shop/note.csv": "body\nhello\n"]
        #expect(
            try lint(seed.merging([Self.migration: "CREATE TABLE note (body TEXT);\n"]) { $1 }) == [
                "seeds/shop/note.csv:1:1: warning: table 'note' has a seed but no primary key [seed-without-primary-key]"
            ])
        #expect(
            try lint(
                seed.merging([Self.migration: "CREATE TABLE note (body TEXT); -- kiln:allow seed-without-primary-key\n"]
                ) {
                    $1
                }) == [])
        let rebuild = """
            -- kiln:allow seed-without-primary-key
            CREATE TABLE note (body TEXT);
            CREATE TABLE note_new (body TEXT NOT NULL);
            INSERT INTO note_new SELECT body FROM note;
            DROP TABLE note;
            ALTER TABLE note_new RENAME TO note; -- kiln:allow seed-without-primary-key

            """
        #expect(try lint(seed.merging([Self.migration: rebuild]) { $1 }) == [])
    }

    @Test("full-scan follows SQLite's plan on the built file, with and without analyze, and aliases")
    func fullScan() throws {
        let index = ["migrations/shop/0003_index.sql": "CREATE INDEX item_name_code ON item (name, code);\n"]
        let covered = ["queries/shop.sql": "SELECT code FROM item WHERE name = ?;\n"]
        let analyze = "{\"databases\": {\"shop\": {\"analyze\": true}}}"
        #expect(try lint(index.merging(covered) { $1 }) == [])
        #expect(try lint(index.merging(covered) { $1 }, kilnJSON: analyze) == [])
        let scan = "queries/shop.sql:1:1: warning: SQLite reads every row of 'item' for this query"
        #expect(try lint(covered).map { String($0.prefix(scan.count)) } == [scan])
        #expect(try lint(covered, kilnJSON: analyze).map { String($0.prefix(scan.count)) } == [scan])
        let aliased = ["queries/shop.sql": "SELECT i.code FROM item AS i WHERE i.name = ?;\n"]
        #expect(
            try lint(aliased) == [
                "queries/shop.sql:1:1: warning: SQLite reads every row of 'item' for this query (its plan on the built file: SCAN i) [full-scan]"
            ])
        #expect(
            try lint(["queries/shop.sql": "-- kiln:allow full-scan\nSELECT code FROM item WHERE name = ?;\n"]) == [])
    }

    @Test("the ledger fixture, with four 12-step rebuilds, gives no lint warning")
    func ledger() throws {
        let folder = try TemporaryDirectory()
        let fixture = TestFixtures.url("ledger")
        let copy = folder.url.appendingPathComponent("ledger")
        try FileManager.default.copyItem(at: fixture, to: copy)
        let migrations = copy.appendingPathComponent("migrations/ledger")
        let project = try KilnProject(root: copy)
        _ = try ProjectChecker(project: project).writeSum(for: "ledger")
        let set = try project.migrationSet(for: "ledger")
        #expect(set.migrations.count == 64)
        let lint = {
            ProjectChecker(project: project).findings(for: "ledger").filter {
                $0.reason.lintRule != nil || $0.reason.code?.contains("lint") == true
            }
        }
        #expect(lint().isEmpty, "\(lint().flatMap(\.diagnostics))")
        // Planted: the wrong-way rebuild of a table that account, exchange_rate, … reference.
        let wrongWay = """
            ALTER TABLE currency RENAME TO currency_old;
            CREATE TABLE currency AS SELECT * FROM currency_old;
            DROP TABLE currency_old;

            """
        try Data(wrongWay.utf8).write(to: migrations.appendingPathComponent("0065_rebuild_currency.sql"))
        _ = try ProjectChecker(project: project).writeSum(for: "ledger")
        let planted = lint()
        // CREATE TABLE … AS keeps no PRIMARY KEY, so the currency seed's warning is true too; the DROP of the
        // copied table is not drop-table.
        #expect(planted.map { $0.reason.lintRule } == [.renameReferencedTable, .seedWithoutPrimaryKey])
        #expect(
            planted.first?.location
                == SourceLocation(path: "migrations/ledger/0065_rebuild_currency.sql", line: 1, column: 1))
    }
}
