import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// What surrounds the proof of a plan: the developer's fixtures as data sets, where a refusal points in the
/// schema file, the file name's words, and the placeholders `kiln check` finds.
@Suite("Plan verification inputs")
struct PlanVerificationInputsTests {
    @Test("each developer fixture is a data set of its own, loaded at its version and migrated to the newest")
    func fixtures() throws {
        let folder = try TemporaryDirectory()
        for (name, sql) in ShopFixture.migrations { try folder.write("migrations/shop/\(name)", sql) }
        try folder.write("fixtures/shop/0001.sql", "INSERT INTO item (id, name) VALUES (41, 'fig'), (42, 'kiwi');\n")
        let project = try KilnProject(root: folder.url)
        let migrator = try project.migrator(for: "shop")
        let wanted = try PlanVerificationTests.model(
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, stock INTEGER)")
        let verifier = try PlanVerifier(migrator: migrator, wanted: wanted, project: project)
        let plan = SchemaPlan(
            steps: [
                SchemaPlanStep(.addColumn, name: "item", statements: ["ALTER TABLE item ADD COLUMN stock INTEGER"])
            ],
            keptColumns: PlanVerificationTests.itemKept)
        let text = plan.withStandIns.migrationText(header: [])
        let verification = try verifier.verify(plan, fileName: "0003_x.sql", text: text)
        #expect(verification.dataSets == ["generated rows", "fixtures/shop/0001.sql"])
        // A broken fixture stops the proof at its own line, as kiln check would.
        try folder.write("fixtures/shop/0001.sql", "INSERT INTO item (id, nme) VALUES (1, 'x');\n")
        let broken = try PlanVerifier(migrator: migrator, wanted: wanted, project: project)
        #expect {
            try broken.verify(plan, fileName: "0003_x.sql", text: text)
        } throws: { error in
            formattedDiagnostics(error).first?.hasPrefix("fixtures/shop/0001.sql:1:") == true
        }
    }

    @Test("a refusal is located at the CREATE of the object it names, the longest name first; else the file's start")
    func schemaFileLocations() throws {
        let text = """
            -- header
            CREATE TABLE item (id INTEGER PRIMARY KEY);
            CREATE TABLE IF NOT EXISTS main."item tag" (id INTEGER PRIMARY KEY);
              CREATE UNIQUE INDEX item_name ON item (id);
            CREATE TABLE item_price (id INTEGER PRIMARY KEY);
            """
        let objects = SchemaFileObjects(SourceText(path: "schema/shop.sql", bytes: Array(text.utf8)))
        #expect(objects.objects.map(\.name) == ["item", "item tag", "item_name", "item_price"])
        let refusal = SchemaPlanError(.dataLossRefused(["drop column item_price.amount"]))
        #expect(objects.locate(refusal).location == SourceLocation(path: "schema/shop.sql", line: 5, column: 1))
        let quoted = SchemaPlanError(.dataLossRefused(["narrow \"item tag\".id"]))
        #expect(objects.locate(quoted).location == SourceLocation(path: "schema/shop.sql", line: 3, column: 1))
        let index = SchemaPlanError(.unsupported(object: "item_name", reason: "x"))
        #expect(objects.locate(index).location == SourceLocation(path: "schema/shop.sql", line: 4, column: 3))
        // A quoted name wins over a plain word that happens to name another object.
        let both = SchemaPlanError(.dataLossRefused(["item_price: column \"item tag\".id narrows"]))
        #expect(objects.locate(both).location == SourceLocation(path: "schema/shop.sql", line: 3, column: 1))
        let gone = SchemaPlanError(.dataLossRefused(["drop table legacy"]))
        #expect(objects.locate(gone).location == SourceLocation(path: "schema/shop.sql", line: 1, column: 1))
        let changed = PlanVerificationError(
            .rowsChanged(table: "item_price", sourceTable: "x", columns: [], before: 1, after: 0))
        #expect(objects.locate(changed).location == SourceLocation(path: "schema/shop.sql", line: 5, column: 1))
    }

    @Test("the file name's words come from the first step that changes a table, with how many more")
    func slugWords() {
        let add = SchemaPlanStep.addingColumn(
            "in stock", to: "item", statement: "ALTER TABLE \"item\" ADD COLUMN \"in stock\" INTEGER")
        let index = SchemaPlanStep(
            .createIndex, name: "item_name", statements: ["CREATE INDEX item_name ON item (name)"])
        let create = SchemaPlanStep(.createTable, name: "tag", statements: ["CREATE TABLE tag (id)"])
        #expect(
            PlannedMigration.slugWords(of: SchemaPlan(steps: [index, add])) == [
                "add", "column", "in stock", "to", "item",
            ])
        #expect(
            PlannedMigration.slugWords(of: SchemaPlan(steps: [add, create])) == [
                "add", "column", "in stock", "to", "item", "and", "1", "more",
            ])
        #expect(PlannedMigration.slugWords(of: SchemaPlan(steps: [index])) == ["create", "item_name"])
        #expect(
            MigrationFileName.make(version: 3, words: PlannedMigration.slugWords(of: SchemaPlan(steps: [add])))
                == "0003_add_column_in_stock_to_item.sql")
    }

    @Test("kiln check finds placeholder calls by tokens: not in comments or strings, any case, with their text")
    func plannedPlaceholders() throws {
        let set = try migrationSet(
            "shop",
            [
                ("0001_a.sql", "CREATE TABLE t (a);\n"),
                (
                    "0002_b.sql",
                    """
                    -- kiln_placeholder('comment')
                    UPDATE t SET a = 'kiln_placeholder(1)';
                    UPDATE t SET a = coalesce(a, KILN_PLACEHOLDER('a value for rows where ''a'' is NULL'));
                    UPDATE t SET a = kiln_placeholder(a + 1);

                    """
                ),
            ])
        let findings = PlannedPlaceholderCheck.findings(set)
        #expect(
            findings.map(\.location) == [
                SourceLocation(path: "migrations/shop/0002_b.sql", line: 3, column: 30),
                SourceLocation(path: "migrations/shop/0002_b.sql", line: 4, column: 18),
            ])
        #expect(
            findings.map { $0.diagnostics[0].message } == [
                "a placeholder kiln plan left to fill: a value for rows where 'a' is NULL",
                "a placeholder kiln plan left to fill: kiln_placeholder(...)",
            ])
        #expect(findings.allSatisfy { $0.severity == .error && $0.diagnostics[0].code == "planned-placeholder" })
    }

    @Test("a placeholder's text is its literal's value to the byte, even when it starts with a combining mark")
    func placeholderTextByBytes() {
        let sql = "UPDATE t SET a = kiln_placeholder('\u{301}a value for ''a''');\n"
        let source = SourceText(path: "0002_b.sql", bytes: Array(sql.utf8))
        #expect(PlanPlaceholder.calls(in: source).map(\.description) == ["\u{301}a value for 'a'"])
    }
}
