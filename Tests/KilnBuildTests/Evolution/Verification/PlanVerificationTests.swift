import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// The proof `kiln plan` runs before it writes a migration, on plans written by hand here (so each test
/// says exactly what the plan does, whatever the planner would write): a right plan passes, and a plan that
/// gives another schema, changes a kept value, breaks a foreign key or a new constraint is refused.
@Suite("Plan verification")
struct PlanVerificationTests {
    /// `item(id, name NOT NULL, price REAL)` after two migrations, with one row of its own.
    static let migrator = try! Migrator(migrations: migrationSet("shop", ShopFixture.migrations))

    /// The model of a database holding `schema`.
    static func model(_ schema: String) throws -> SchemaModel {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: schema)
        return try SchemaModel.read(from: connection)
    }

    /// Every column of `item` kept as it is.
    static let itemKept = ["id", "name", "price"].map {
        KeptColumn(sourceTable: "item", sourceColumn: $0, table: "item", column: $0)
    }

    /// Verifies `plan` against `wanted` with the shop's migrations and a header of one line.
    static func verify(_ plan: SchemaPlan, wanted: String) throws -> PlanVerification {
        let verifier = try PlanVerifier(migrator: migrator, wanted: model(wanted))
        let text = plan.withStandIns.migrationText(header: ["test plan"])
        return try verifier.verify(plan, fileName: "0003_plan.sql", text: text)
    }

    /// `item` rebuilt as `definition`, copying `select` into `columns`.
    static func rebuild(_ definition: String, columns: String, select: String, risks: [PlanRisk] = []) -> SchemaPlanStep
    {
        SchemaPlanStep(
            .rebuildTable, name: "item",
            statements: [
                "CREATE TABLE \"new_item\" \(definition)",
                "INSERT INTO \"new_item\" (rowid, \(columns)) SELECT rowid, \(select) FROM \"item\"",
                "DROP TABLE \"item\"", "ALTER TABLE \"new_item\" RENAME TO \"item\"",
            ], risks: risks)
    }

    @Test("a right plan is proven on generated rows, comparing every row of the kept columns")
    func rightPlan() throws {
        let plan = SchemaPlan(
            steps: [
                SchemaPlanStep(.addColumn, name: "item", statements: ["ALTER TABLE item ADD COLUMN stock INTEGER"])
            ],
            keptColumns: Self.itemKept)
        let wanted = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, stock INTEGER)"
        let verification = try Self.verify(plan, wanted: wanted)
        #expect(verification.dataSets == ["generated rows"])
        // The fixture's own row and the generated ones.
        #expect(verification.rowsCompared > 1)
        #expect(verification.setAside.isEmpty)
        #expect(verification.tablesNotProvenOnData.isEmpty)
    }

    @Test("a plan giving another schema than the wanted one is refused with the differences")
    func schemaDiffers() throws {
        let plan = SchemaPlan(
            steps: [SchemaPlanStep(.addColumn, name: "item", statements: ["ALTER TABLE item ADD COLUMN stok INTEGER"])],
            keptColumns: Self.itemKept)
        let wanted = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, stock INTEGER)"
        #expect {
            try Self.verify(plan, wanted: wanted)
        } throws: { error in
            guard let error = error as? PlanVerificationError, case .schemaDiffers(let differences) = error.reason
            else { return false }
            return !differences.isEmpty && "\(error.diagnostics[0].message)".contains("stock")
        }
    }

    @Test("a rebuild that changes a kept column's values is refused, naming the table and columns")
    func keptValueChanged() throws {
        let definition = "(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL)"
        let plan = SchemaPlan(
            steps: [Self.rebuild(definition, columns: "id, name, price", select: "id, upper(name) || 'x', price")],
            keptColumns: Self.itemKept)
        let wanted = "CREATE TABLE item \(definition)"
        #expect {
            try Self.verify(plan, wanted: wanted)
        } throws: { error in
            guard let error = error as? PlanVerificationError,
                case .rowsChanged(let table, _, let columns, let before, let after) = error.reason
            else { return false }
            return table == "item" && columns == ["id", "name", "price"] && before == after && before > 0
        }
        // The same change, declared converted, is proven: only unconverted columns must keep their values.
        var converted = plan
        converted.keptColumns[1].isConverted = true
        #expect(try Self.verify(converted, wanted: wanted).rowsCompared > 0)
    }

    @Test("rows lost by a rebuild that copies only some rows are refused, even when the step says it loses data")
    func rowsLost() throws {
        let definition = "(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL)"
        var step = Self.rebuild(definition, columns: "id, name, price", select: "id, name, price")
        step.statements[1] += " WHERE rowid = (SELECT min(rowid) FROM \"item\")"
        step.risks = [.dropsData(table: "item", columns: ["price"])]
        let wanted = "CREATE TABLE item \(definition)"
        #expect {
            try Self.verify(SchemaPlan(steps: [step], keptColumns: Self.itemKept), wanted: wanted)
        } throws: { error in
            guard let error = error as? PlanVerificationError,
                case .rowsChanged(_, _, _, let before, let after) = error.reason
            else { return false }
            return after == 1 && before > 1
        }
    }

    @Test("a plan whose foreign keys dangle fails as the migrator fails it, not located in the unwritten planned file")
    func foreignKeyViolation() throws {
        let plan = SchemaPlan(
            steps: [
                SchemaPlanStep(
                    .createTable, name: "tag",
                    statements: [
                        "CREATE TABLE tag (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES item (id))",
                        "INSERT INTO tag (item_id) VALUES (987654)",
                    ])
            ], keptColumns: Self.itemKept)
        let wanted = """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);
            CREATE TABLE tag (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES item (id));
            """
        #expect {
            try Self.verify(plan, wanted: wanted)
        } throws: { error in
            guard let error = error as? PlanVerificationError,
                case .migrationFailed(let dataSet, let failure) = error.reason,
                case .foreignKeyViolation = failure.reason
            else { return false }
            // Not located in the planned file, which is never written: the statement is quoted instead, and the
            // schema file's object it is about gives the location.
            let located = SchemaFileObjects(SourceText(path: "schema/shop.sql", bytes: Array(wanted.utf8))).locate(
                error)
            return dataSet == "generated rows" && error.diagnostics[0].location == nil
                && error.statement?.hasPrefix("CREATE TABLE tag") == true
                && error.diagnostics[0].message.contains("in the planned statement `CREATE TABLE tag")
                && located.diagnostics[0].location == SourceLocation(path: "schema/shop.sql", line: 2, column: 1)
        }
    }

    @Test("a placeholder is written in the file and replaced by its stand-in in what verification runs")
    func placeholders() throws {
        let placeholder = PlanPlaceholder(
            description: "convert \"price\" from REAL to INTEGER",
            sql: "kiln_placeholder('convert \"price\" from REAL to INTEGER')", standIn: "\"price\"")
        let definition = "(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER)"
        var step = Self.rebuild(definition, columns: "id, name, price", select: "id, name, \(placeholder.sql)")
        step.placeholders = [placeholder]
        step.comments = ["item.price becomes INTEGER"]
        let plan = SchemaPlan(
            steps: [step],
            keptColumns: Self.itemKept.enumerated().map { $0.offset == 2 ? converted($0.element) : $0.element })
        let header = ["header"]
        let written = plan.migrationText(header: header)
        let run = plan.withStandIns.migrationText(header: header)
        #expect(
            written.contains("SELECT rowid, id, name, kiln_placeholder('convert \"price\" from REAL to INTEGER') FROM"))
        #expect(run.contains("SELECT rowid, id, name, \"price\" FROM"))
        #expect(written.split(separator: "\n").count == run.split(separator: "\n").count)
        #expect(written.hasPrefix("-- header\n\n-- item.price becomes INTEGER\nCREATE TABLE \"new_item\""))
        #expect(try Self.verify(plan, wanted: "CREATE TABLE item \(definition)").rowsCompared > 0)
        let planned = PlannedMigration(
            plan: plan, version: 3, fileName: "0003_x.sql", text: written, verification: PlanVerification(),
            placements: plan.migrationFile(header: header).placeholders)
        let location = try #require(planned.placeholderLocations.first?.location)
        #expect((location.path, location.line, location.column) == ("0003_x.sql", 5, 73))
    }

    /// `column`, marked converted.
    func converted(_ column: KeptColumn) -> KeptColumn {
        var column = column
        column.isConverted = true
        return column
    }
}
