import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// Issue 23, item 1: a name that holds a line break once ended the `-- create table "<name>"` comment kiln plan
/// writes above each step, and the rest of the name ran as SQL when the migration ran.
@Suite("a name never becomes SQL (issue 23)")
struct NameInjectionRegressionTests {
    /// The table name of the report: a line break, a statement, a line break and `--`.
    static let payload = "zz\nDELETE FROM victim WHERE v = 'ceo';\n--"

    @Test("the reported schema file: plan, then migrate, keeps the victim's row and creates the table so named")
    func reportedPayload() throws {
        let project = try ShopProject([("0001_victim.sql", "CREATE TABLE victim (v TEXT);\n")])
        let migrate = try project.kiln("migrate", "shop", "--db", "app.sqlite")
        #expect(migrate.status == 0, "\(migrate.standardError)")
        do {
            let database = try SQLiteConnection(path: project.folder.path("app.sqlite"))
            try database.execute(sql: "INSERT INTO victim (v) VALUES ('ceo')")
        }
        try project.folder.write(
            "schema/shop.sql",
            "CREATE TABLE victim (v TEXT);\n\nCREATE TABLE \(quoted(Self.payload)) (x);\n")
        let plan = try project.kiln("plan", "shop")
        #expect(plan.status == 0, "\(plan.standardError)")
        let written = try String(
            contentsOfFile: project.folder.path("migrations/shop/0002_create_zz_delete_from_victim_where_v_ceo.sql"),
            encoding: .utf8)
        // One statement, the CREATE TABLE: the comments quoting the name keep its line breaks as escapes.
        var lexer = SQLLexer(written)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        #expect(statements.count == 1, "\(written)")
        #expect(statements.first.map { lexer.isWord($0.tokens[0], "CREATE") } == true, "\(written)")
        #expect(written.contains("-- create table \"zz\\nDELETE FROM victim WHERE v = 'ceo';\\n--\"\n"))
        let second = try project.kiln("migrate", "shop", "--db", "app.sqlite")
        #expect(second.status == 0, "\(second.standardError)")
        let database = try SQLiteConnection(path: project.folder.path("app.sqlite"), mode: .readOnly)
        #expect(try database.rows(sql: "SELECT v FROM victim") == [[.text("ceo")]])
        let tables = try database.rows(
            sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name")
        #expect(tables == [[.text("victim")], [.text(Self.payload)]])
    }

    @Test(
        "a name SQL text cannot carry (a NUL) or SQLite keeps for itself is refused at its line; nothing is written",
        arguments: [
            "CREATE TABLE \"a\u{0}b\" (x);\n", "CREATE TABLE \"sqlite_x\" (x);\n", "CREATE INDEX sqlite_i ON t (x);\n",
        ])
    func unwritableNames(statement: String) throws {
        let project = try ShopProject([("0001_t.sql", "CREATE TABLE t (x);\n")])
        try project.folder.write("schema/shop.sql", "CREATE TABLE t (x);\n" + statement)
        let plan = try project.kiln("plan", "shop")
        #expect(plan.status == 1)
        #expect(plan.standardError.hasPrefix("schema/shop.sql:2:"), "\(plan.standardError)")
        #expect(plan.standardError.contains(": error: "), "\(plan.standardError)")
        #expect(try PlanCommandTests.migrations(project) == ["0001_t.sql"])
    }

    @Test("a plan whose text would not split back into its statements is refused before anything is written")
    func checkedText() throws {
        let safe = SchemaPlan(steps: [
            SchemaPlanStep(
                .createTable, name: Self.payload, comments: ["create table \(quoted(Self.payload))", "a\r\u{2028}b"],
                statements: ["CREATE TABLE \(quoted(Self.payload)) (x)"])
        ])
        #expect(
            try safe.checkedMigrationText(header: ["head\nDELETE FROM victim;"])
                == safe.migrationText(header: ["head\nDELETE FROM victim;"]))
        // A statement that is two (a fault of the planner) is caught by the same check.
        let merged = SchemaPlan(steps: [
            SchemaPlanStep(.createTable, name: "t", statements: ["CREATE TABLE t (x); DELETE FROM victim"])
        ])
        let error = try #require(throws: SchemaPlanError.self) { try merged.checkedMigrationText(header: []) }
        #expect(
            error.diagnostics.first?.message.hasPrefix(
                "kiln cannot plan the change of \"t\": the migration kiln wrote for it does not read back") == true,
            "\(error.diagnostics)")
    }
}
