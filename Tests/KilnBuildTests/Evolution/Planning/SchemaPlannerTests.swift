import Kiln
import KilnBuild
import Testing

/// Plans from one schema to another and applies the plan as the migrator would, for the planner's tests.
struct PlannerCase {
    let current: SQLiteConnection
    let wanted: SQLiteConnection

    /// Two in-memory databases: `current` built by `before` (which may also insert rows), `wanted` by `after`.
    init(_ before: String, _ after: String) throws {
        current = try SQLiteConnection(path: ":memory:")
        wanted = try SQLiteConnection(path: ":memory:")
        try current.execute(sql: before)
        try wanted.execute(sql: after)
    }

    /// The plan with `options`.
    func plan(_ options: SchemaPlanOptions = SchemaPlanOptions()) throws -> SchemaPlan {
        try SchemaPlanner.plan(from: current, to: wanted, options: options)
    }

    /// Plans, applies the verification text to `current` in a transaction with foreign keys off, and expects
    /// the wanted schema, no foreign-key violation, and an empty plan from the result to the wanted schema.
    @discardableResult
    func apply(
        _ options: SchemaPlanOptions = SchemaPlanOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        throws -> SchemaPlan
    {
        let plan = try self.plan(options)
        try current.execute(sql: "PRAGMA foreign_keys = OFF")
        try current.execute(sql: "BEGIN; " + plan.verificationText + "COMMIT;")
        let differences = SchemaDifference.compare(
            expected: try SchemaModel.read(from: wanted), actual: try SchemaModel.read(from: current))
        #expect(
            differences.isEmpty, "\(differences)\n\(plan.migrationText(header: []))", sourceLocation: sourceLocation)
        #expect(try current.rows(sql: "PRAGMA foreign_key_check").isEmpty, sourceLocation: sourceLocation)
        #expect(try SchemaPlanner.plan(from: current, to: wanted).isEmpty, sourceLocation: sourceLocation)
        return plan
    }

    /// Plans, applies the verification text to `current` in a transaction as the migrator does, and expects
    /// SQLite to refuse it (a row breaks the new table's constraints); the transaction is rolled back, so the
    /// database is as before.
    @discardableResult
    func applyFails(
        _ options: SchemaPlanOptions = SchemaPlanOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> SQLiteError? {
        let plan = try self.plan(options)
        try current.execute(sql: "PRAGMA foreign_keys = OFF")
        let before = try SchemaModel.read(from: current)
        try current.execute(sql: "BEGIN")
        let error = #expect(throws: SQLiteError.self, sourceLocation: sourceLocation) {
            try current.execute(sql: plan.verificationText)
        }
        try current.execute(sql: "ROLLBACK")
        #expect(try SchemaModel.read(from: current) == before, sourceLocation: sourceLocation)
        return error
    }

    /// The rows of `sql` on the current database, as text.
    func rows(_ sql: String) throws -> [String] {
        try current.rows(sql: sql).map { $0.map(\.description).joined(separator: "|") }
    }

    /// The sentence `kiln plan` prints for `rows` that a new constraint refuses: what its refusal names.
    static func failure(_ rows: String) -> String {
        "\(rows) make this migration fail and roll back, so clean them in this migration before the copy if they "
            + "can exist"
    }
}

@Suite("SchemaPlanner: create, drop, add column")
struct SchemaPlannerTests {
    @Test("the same schema gives an empty plan")
    func unchanged() throws {
        let sql = "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT); CREATE INDEX a_name ON a (name);"
        #expect(try PlannerCase(sql, sql.lowercased()).plan().isEmpty)
    }

    @Test("new tables are created parents first with the wanted text; new indexes, views and triggers after")
    func creates() throws {
        let after = """
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id));
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
            CREATE INDEX child_parent ON child (parent_id);
            CREATE VIEW names AS SELECT name FROM parent;
            CREATE TRIGGER stamp AFTER INSERT ON parent BEGIN UPDATE parent SET name = 'x' WHERE id = new.id; END;
            """
        let plan = try PlannerCase("", after).apply()
        #expect(plan.steps.map(\.kind) == [.createTable, .createTable, .createIndex, .createView, .createTrigger])
        #expect(plan.steps.map(\.name) == ["parent", "child", "child_parent", "names", "stamp"])
        #expect(
            plan.steps[1].statements == [
                "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id))"
            ])
    }

    @Test("a dropped table is refused without allowsDataLoss, then written with the lint-allow comment")
    func dropTable() throws {
        let before = "CREATE TABLE keep (id INTEGER PRIMARY KEY); CREATE TABLE gone (id INTEGER PRIMARY KEY);"
        let setup = try PlannerCase(before, "CREATE TABLE keep (id INTEGER PRIMARY KEY);")
        let error = try #require(throws: SchemaPlanError.self) { try setup.plan() }
        #expect(error.reason == .dataLossRefused(["table \"gone\" is dropped with its rows"]))
        let plan = try setup.apply(SchemaPlanOptions(allowsDataLoss: true))
        #expect(plan.steps.map(\.kind) == [.dropTable])
        #expect(
            plan.migrationText(header: ["head"]).contains(
                "-- kiln:allow drop-table -- table \"gone\" is dropped with its rows\nDROP TABLE \"gone\";\n"))
    }

    @Test("trailing columns SQLite can add are added with their written definition")
    func addColumn() throws {
        let before =
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO item (name) VALUES ('a'), ('b');"
        let after = """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price  INTEGER NOT NULL DEFAULT 0 /* cents */,
              note TEXT COLLATE NOCASE, parent INTEGER REFERENCES item (id), double_price AS (price * 2));
            """
        let plan = try PlannerCase(before, after).apply()
        #expect(plan.steps.map(\.kind) == [.addColumn, .addColumn, .addColumn, .addColumn])
        #expect(plan.steps[0].statements == ["ALTER TABLE \"item\" ADD COLUMN price  INTEGER NOT NULL DEFAULT 0"])
        #expect(plan.keptColumns.map(\.column) == ["id", "name"])
    }

    @Test(
        "columns SQLite cannot add make a rebuild",
        arguments: [
            "added TEXT UNIQUE", "added TEXT NOT NULL", "added TEXT DEFAULT (lower('X'))",
            "added TEXT DEFAULT CURRENT_TIME",
            "added INTEGER REFERENCES item (id) DEFAULT 1", "added AS (id * 2) STORED",
            "added INTEGER CHECK (added > id)",
        ])
    func notAddable(column: String) throws {
        let before = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO item (name) VALUES ('a');"
        let setup = try PlannerCase(before, "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, \(column));")
        let plan = try setup.apply(SchemaPlanOptions(allowsDataLoss: column.contains("CHECK")))
        #expect(plan.steps.map(\.kind) == [.rebuildTable])
        #expect(try setup.rows("SELECT id, name FROM item") == ["1|a"])
    }
}
