import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// A schema with what diagrams find hard: a composite foreign key, a self-reference, a cycle, a one-to-one
/// key, quoted names with spaces, quotes, keywords and Mermaid's own words, WITHOUT ROWID, STRICT, generated
/// columns, a foreign key to a missing table, a unique index, and a view.
enum DiagramFixture {
    static let sql = #"""
        CREATE TABLE "my ""customer""" (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            "first name" VARCHAR(20) NOT NULL,
            referrer INTEGER REFERENCES "my ""customer"""(id),
            profile_id INTEGER UNIQUE REFERENCES profile(id)
        );
        CREATE TABLE profile (id INTEGER PRIMARY KEY, bio TEXT, pk TEXT, "1st" DOUBLE PRECISION, "uk" );
        CREATE TABLE "order" (
            id INTEGER PRIMARY KEY,
            "customer id" INTEGER NOT NULL REFERENCES "my ""customer"""(id),
            note TEXT DEFAULT 'x'
        );
        CREATE TABLE line (
            order_id INTEGER NOT NULL REFERENCES "order"(id),
            position INTEGER NOT NULL,
            product TEXT,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE shipment (
            order_id INTEGER NOT NULL,
            position INTEGER,
            sent_at TEXT,
            FOREIGN KEY (order_id, position) REFERENCES line(order_id, position)
        );
        CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES b(id));
        CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER NOT NULL UNIQUE REFERENCES a(id));
        CREATE TABLE g (
            x INTEGER,
            y INTEGER GENERATED ALWAYS AS (x * 2) VIRTUAL,
            z TEXT AS (x || 'a') STORED
        ) STRICT;
        CREATE TABLE "direction TB" ("%x" TEXT, "a~b" ANY, "back\slash#1;" INT) STRICT;
        CREATE TABLE one (id, ghost_id REFERENCES "missing <&> table"(id));
        CREATE UNIQUE INDEX line_product ON line (product);
        CREATE UNIQUE INDEX shipment_sent ON shipment (sent_at) WHERE sent_at IS NOT NULL;
        CREATE VIEW customer_names AS SELECT "first name" FROM "my ""customer""";
        """#

    /// The model of ``sql``.
    static func model() throws -> SchemaModel {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: sql)
        return try SchemaModel.read(from: connection)
    }

    /// The model of a database made by `sql`.
    static func model(of sql: String) throws -> SchemaModel {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: sql)
        return try SchemaModel.read(from: connection)
    }
}

@Suite("Schema diagrams of a real history: the 64-migration ledger")
struct SchemaDiagramLedgerTests {
    /// The ledger's newest schema, built once for the suite (64 migrations take seconds).
    static let built = Result {
        let migrator = try KilnProject(root: TestFixtures.url("ledger")).migrator(for: "ledger")
        return try migrator.freshSchema(at: migrator.migrations.latestVersion).model
    }

    static func model() throws -> SchemaModel { try built.get() }

    @Test("Mermaid's grammar reads the ledger's diagram: every table an entity, every foreign key an edge")
    func mermaid() throws {
        let model = try Self.model()
        let parsed = try MermaidERParser(SchemaDiagram.mermaid(model))
        #expect(parsed.entityOrder.count == model.tables.count && model.tables.count > 5)
        #expect(parsed.relationships.count == model.tables.map(\.foreignKeys.count).reduce(0, +))
        #expect(parsed.relationships.count > 5)
    }

    @Test(
        "Graphviz draws the ledger's graph without a warning",
        .enabled(if: GraphvizTool.runs, "Graphviz's dot is not installed"))
    func dot() throws {
        let result = try GraphvizTool.svg(SchemaDiagram.dot(try Self.model(), name: "ledger"))
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
    }

    @Test("the JSON document of the ledger parses and has one table object per table")
    func json() throws {
        let model = try Self.model()
        let text = SchemaDocument.json(model, database: "ledger", version: 64)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((document["tables"] as? [Any])?.count == model.tables.count)
    }
}
