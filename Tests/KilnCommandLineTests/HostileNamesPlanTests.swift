import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// Issue 23, item 1: every name kiln plan and kiln schema --write quote, in statements and in comments, stays
/// a name. Each seed names every object and column of one project with ``HostileNames``, plans a migration
/// with every kind of step, and runs what kiln wrote as SQLite itself splits it (``SQLiteSplitRun``): exactly
/// the statements meant, nothing but blank and one-line `--` lines between them, and afterwards exactly the
/// objects and columns meant, by name.
@Suite("hostile names through kiln plan and kiln schema --write")
struct HostileNamesPlanTests {
    /// The seeds; a failure names its seed, and the same seed gives the same names.
    static let seeds: [UInt64] = Array(1...40)

    @Test("a plan with every kind of step reads back as exactly its statements and names", arguments: seeds)
    func everyStepKind(seed: UInt64) throws {
        let names = PlanScenario(seed: seed)
        let project = try ShopProject([("0001_start.sql", names.firstMigration)])
        let written = try project.kiln("schema", "shop", "--write")
        #expect(written.status == 0, "seed \(seed): \(written.standardError.debugDescription)")
        try names.expectSchemaFile(of: project, holds: names.startObjects, seed: seed)
        try project.folder.write("schema/shop.sql", names.wantedSchema)
        // The statements kiln means to write (its plan, asked in-process before the command writes the file).
        let renames = names.renameArguments.filter { $0 != "--rename" }.compactMap(SchemaRename.parse)
        let meant = try #require(
            try KilnProject(root: project.folder.url).planMigration(
                for: "shop", options: SchemaPlanOptions(renames: renames, allowsDataLoss: true))
        ).plan.steps.flatMap(\.statements).map(SQLText.statement)
        let plan = try project.kiln(arguments: ["plan", "shop", "--allow-data-loss"] + names.renameArguments)
        #expect(plan.status == 0, "seed \(seed): \(plan.standardError.debugDescription)")
        let files = try FileManager.default.contentsOfDirectory(atPath: project.folder.path("migrations/shop"))
        let planned = try #require(files.first { $0.hasPrefix("0002_") }, "seed \(seed): \(files)")
        let text = try String(contentsOfFile: project.folder.path("migrations/shop/\(planned)"), encoding: .utf8)
        let database = try names.databaseAtFirstVersion()
        let run = try SQLiteSplitRun(text, on: database)
        #expect(run.statements == meant, "seed \(seed): \(text.debugDescription)")
        #expect(
            PlanScenario.plannedStatementCounts.contains(run.statements.count), "seed \(seed): \(text.debugDescription)"
        )
        #expect(run.strayText == nil, "seed \(seed): \(text.debugDescription)")
        #expect(run.commentLinesWithControls.isEmpty, "seed \(seed): \(run.commentLinesWithControls)")
        #expect(try SchemaNames(database) == names.wantedObjects, "seed \(seed): \(text.debugDescription)")
        #expect(try database.rows(sql: "SELECT v FROM victim") == [[.text("ceo")]], "seed \(seed)")
        // kiln plan rewrote the schema file from the new migrations.
        try names.expectSchemaFile(of: project, holds: names.wantedObjects, seed: seed)
    }

    @Test("a table whose name is longer than a file name may be is planned into a file named after its start")
    func longName() throws {
        let name = String(repeating: "q", count: 300)
        let project = try ShopProject([("0001_t.sql", "CREATE TABLE t (x);\n")])
        try project.folder.write("schema/shop.sql", "CREATE TABLE t (x);\nCREATE TABLE \(name) (x);\n")
        let plan = try project.kiln("plan", "shop")
        #expect(plan.status == 0, "\(plan.standardError)")
        let file = "0002_create_" + String(repeating: "q", count: 93) + ".sql"
        #expect(try PlanCommandTests.migrations(project) == ["0001_t.sql", file])
        let text = try String(contentsOfFile: project.folder.path("migrations/shop/\(file)"), encoding: .utf8)
        #expect(text.hasPrefix("-- Migration 2 of shop: create \(name)\n"))
    }

    @Test("the schema file never writes two tokens together that read as others: '- -5' is no '--5' comment")
    func signsStayApart() throws {
        let project = try ShopProject([
            ("0001_t.sql", "CREATE TABLE t (x INTEGER CHECK (x > - -5), y DEFAULT (- -1), z DEFAULT (-+-1));\n")
        ])
        let written = try project.kiln("schema", "shop", "--write")
        #expect(written.status == 0, "\(written.standardError)")
        let text = try String(contentsOfFile: project.folder.path("schema/shop.sql"), encoding: .utf8)
        #expect(text.contains("CHECK (x > - -5)") && text.contains("DEFAULT (- -1)"), "\(text)")
        let database = try SQLiteConnection(path: ":memory:")
        #expect(try SQLiteSplitRun(text, on: database).statements.count == 1)
        #expect(try database.rows(sql: "SELECT dflt_value FROM pragma_table_info('t') ORDER BY cid").count == 3)
    }
}

/// One seed's project: the names of every object and column, the first migration, the wanted schema file and
/// the renames, and what each should read back as.
struct PlanScenario {
    /// How many statements the plan holds: the table and column renames (2), the index and table dropped (2),
    /// the table created (1), the column added (1), the rebuild (create, copy, drop, rename: 4), the index, view
    /// and trigger created (3); and 2 more when kiln drops and creates again the view it keeps, which it does
    /// when the view's text holds a word that names the table rebuilt or dropped (a keyword such as `select`
    /// among them: kiln's reading of what a view mentions errs on the safe side).
    static let plannedStatementCounts: Set<Int> = [13, 15]

    let dropped, renamedFrom, renamedTo, rebuilt, extended, created, oldIndex, newIndex, view, trigger, keptView: String
    let columns: [String]

    init(seed: UInt64) {
        var random = HostileNames(seed: seed)
        let objects = random.distinct(11, avoiding: ["victim".identifierKey])
        (dropped, renamedFrom, renamedTo, rebuilt, extended, created) = (
            objects[0], objects[1], objects[2], objects[3], objects[4], objects[5]
        )
        (oldIndex, newIndex, view, trigger, keptView) = (objects[6], objects[7], objects[8], objects[9], objects[10])
        columns = random.distinct(12)
    }

    private func q(_ name: String) -> String { quoted(name) }
    private func column(_ index: Int) -> String { quoted(columns[index]) }

    /// Version 1: the tables to drop, rename, rebuild and extend, an index to drop, and a view whose stored
    /// text ends in a comment and whose column is named after its expression (so the schema file keeps it as
    /// stored).
    var firstMigration: String {
        """
        CREATE TABLE \(q(dropped)) (\(column(0)));
        CREATE TABLE \(q(renamedFrom)) (\(column(1)), \(column(2)));
        CREATE TABLE \(q(rebuilt)) (\(column(4)) INTEGER PRIMARY KEY, \(column(5)) INTEGER, \(column(6)) TEXT, \
        \(column(7)) TEXT);
        CREATE TABLE \(q(extended)) (\(column(8)) TEXT);
        CREATE INDEX \(q(oldIndex)) ON \(q(extended)) (\(column(8)));
        CREATE VIEW \(q(keptView)) AS SELECT \(column(8))||'x' FROM \(q(extended)) -- ends in a comment
        ;

        """
    }

    /// The schema wanted: one table renamed with a column renamed, one rebuilt (a column dropped, one widened,
    /// one narrowed, whose conversion is a placeholder), one with a column added, one new with an index, a
    /// view whose text ends in a comment, and a trigger; the first table and the index dropped.
    var wantedSchema: String {
        """
        CREATE TABLE \(q(renamedTo)) (\(column(1)), \(column(3)));
        CREATE TABLE \(q(rebuilt)) (\(column(4)) INTEGER PRIMARY KEY, \(column(5)) NUMERIC, \(column(6)) INTEGER);
        CREATE TABLE \(q(extended)) (\(column(8)) TEXT, \(column(9)) TEXT);
        CREATE VIEW \(q(keptView)) AS SELECT \(column(8))||'x' FROM \(q(extended)) -- ends in a comment
        ;
        CREATE TABLE \(q(created)) (\(column(10)) TEXT, \(column(11)) INTEGER);
        CREATE INDEX \(q(newIndex)) ON \(q(created)) (\(column(10)));
        CREATE VIEW \(q(view)) AS SELECT \(column(10)) FROM \(q(created)) -- ends in a comment too
        ;
        CREATE TRIGGER \(q(trigger)) AFTER INSERT ON \(q(created)) BEGIN SELECT new.\(column(10)); END;

        """
    }

    /// `--rename` for the table and for its column, each name double-quoted.
    var renameArguments: [String] {
        ["--rename", "\(q(renamedFrom))=\(q(renamedTo))", "--rename", "\(q(renamedTo)).\(column(2))=\(column(3))"]
    }

    /// What version 1 holds.
    var startObjects: SchemaNames {
        SchemaNames(
            objects: [
                "table": [dropped, renamedFrom, rebuilt, extended], "index": [oldIndex], "view": [keptView],
            ],
            columns: [
                dropped: [columns[0]], renamedFrom: [columns[1], columns[2]],
                rebuilt: [columns[4], columns[5], columns[6], columns[7]], extended: [columns[8]],
            ])
    }

    /// What the planned migration makes of it.
    var wantedObjects: SchemaNames {
        SchemaNames(
            objects: [
                "table": [renamedTo, rebuilt, extended, created], "index": [newIndex], "view": [keptView, view],
                "trigger": [trigger],
            ],
            columns: [
                renamedTo: [columns[1], columns[3]], rebuilt: [columns[4], columns[5], columns[6]],
                extended: [columns[8], columns[9]], created: [columns[10], columns[11]],
            ])
    }

    /// A database at version 1, run from the migration's text as SQLite splits it, with a `victim` table
    /// holding `'ceo'` that no statement names, and `kiln_placeholder` defined (as NULL) so the plan's
    /// placeholder runs.
    func databaseAtFirstVersion() throws -> SQLiteConnection {
        let database = try SQLiteConnection(path: ":memory:")
        try database.createFunction(named: PlanPlaceholder.functionName, argumentCount: 1) { _ in .null }
        try database.execute(sql: "CREATE TABLE victim (v TEXT); INSERT INTO victim VALUES ('ceo')")
        let first = try SQLiteSplitRun(firstMigration, on: database)
        guard first.statements.count == 6 else { throw SQLiteError(code: .misuse, message: "version 1 misread") }
        return database
    }

    /// Expects `schema/shop.sql` of `project` to read back, as SQLite splits it, as one statement per object
    /// of `names`, making exactly those objects.
    func expectSchemaFile(of project: ShopProject, holds names: SchemaNames, seed: UInt64) throws {
        let text = try String(contentsOfFile: project.folder.path("schema/shop.sql"), encoding: .utf8)
        let database = try SQLiteConnection(path: ":memory:")
        let run = try SQLiteSplitRun(text, on: database)
        #expect(
            run.statements.count == names.objects.values.map(\.count).reduce(0, +),
            "seed \(seed): \(text.debugDescription)")
        #expect(run.strayText == nil && run.commentLinesWithControls.isEmpty, "seed \(seed): \(text.debugDescription)")
        #expect(try SchemaNames(database) == names, "seed \(seed): \(text.debugDescription)")
    }
}

/// The objects of a database by type and name, and each table's columns in order, as `sqlite_schema` and
/// `pragma_table_info` say (SQLite's own tables and the test's `victim` left out).
struct SchemaNames: Equatable, CustomStringConvertible {
    /// The names of each type's objects, sorted by their UTF-8 bytes.
    var objects: [String: [String]]
    /// Each table's columns, in order.
    var columns: [String: [String]]

    init(objects: [String: [String]], columns: [String: [String]]) {
        self.objects = objects.mapValues { $0.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } }
        self.columns = columns
    }

    /// What `database` holds.
    init(_ database: SQLiteConnection) throws {
        var objects: [String: [String]] = [:]
        var columns: [String: [String]] = [:]
        let rows = try database.rows(
            sql:
                "SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'victim'"
        )
        for row in rows {
            guard case .text(let type) = row[0], case .text(let name) = row[1] else { continue }
            objects[type, default: []].append(name)
            guard type == "table" else { continue }
            columns[name] = try database.rows(sql: "SELECT name FROM pragma_table_info(?)", [.text(name)]).compactMap {
                if case .text(let column) = $0[0] { column } else { nil }
            }
        }
        self.init(objects: objects, columns: columns)
    }

    var description: String { "objects: \(objects.debugDescription)\ncolumns: \(columns.debugDescription)" }
}
