import Foundation
import KilnBuild
import Testing

@testable import Kiln

@Suite("SchemaDiagram.mermaid: an erDiagram Mermaid reads as meant")
struct SchemaDiagramMermaidTests {
    /// The whole diagram of ``DiagramFixture``, checked by hand against Mermaid's grammar and the schema.
    static let expected = #"""
        erDiagram
            "a" {
                INTEGER id PK
                INTEGER b_id FK
            }
            "b" {
                INTEGER id PK
                INTEGER a_id FK, UK "NOT NULL"
            }
            "direction_TB" {
                TEXT _x "name: _x"
                ANY a_b "name: a-b"
                INT back_slash_1_ "name: back\slash_1;"
            }
            "g" {
                INTEGER x
                INTEGER y "GENERATED VIRTUAL"
                TEXT z "GENERATED STORED"
            }
            "line" {
                INTEGER order_id PK, FK "NOT NULL"
                INTEGER position PK "NOT NULL"
                TEXT product UK
            }
            "my 'customer'" {
                INTEGER id PK "AUTOINCREMENT"
                VARCHAR_20 first_name "name: first name, VARCHAR(20), NOT NULL"
                INTEGER referrer FK
                INTEGER profile_id FK, UK
            }
            "one" {
                ANY id
                ANY ghost_id FK
            }
            "order" {
                INTEGER id PK
                INTEGER customer_id FK "name: customer id, NOT NULL"
                TEXT note
            }
            "profile" {
                INTEGER id PK
                TEXT bio
                TEXT pk_ "name: pk"
                DOUBLE_PRECISION _1st "name: 1st, DOUBLE PRECISION"
                ANY uk_ "name: uk"
            }
            "shipment" {
                INTEGER order_id FK "NOT NULL"
                INTEGER position FK
                TEXT sent_at
            }
            "a" }o--o| "b" : "b_id"
            "b" |o--|| "a" : "a_id"
            "line" }o--|| "order" : "order_id"
            "my 'customer'" |o--o| "profile" : "profile_id"
            "my 'customer'" }o--o| "my 'customer'" : "referrer"
            "one" }o--o| "missing <&> table" : "ghost_id"
            "order" }o--|| "my 'customer'" : "customer id"
            "shipment" }o--o| "line" : "order_id, position"

        """#

    @Test("the fixture's diagram: every table, column, key, note and foreign key, in a fixed order")
    func fixture() throws {
        #expect(SchemaDiagram.mermaid(try DiagramFixture.model()) == Self.expected)
    }

    @Test("Mermaid's grammar reads every entity, attribute and relationship as written, and words are plain")
    func grammar() throws {
        let parsed = try MermaidERParser(SchemaDiagram.mermaid(try DiagramFixture.model()))
        #expect(
            parsed.entityOrder == [
                "a", "b", "direction_TB", "g", "line", "my 'customer'", "one", "order", "profile", "shipment",
                "missing <&> table",
            ])
        #expect(parsed.entities["missing <&> table"] == [])
        let attributes = parsed.entities.values.flatMap { $0 }
        #expect(attributes.count == 30)
        let plainWord = /[A-Za-z_][A-Za-z0-9_]*/
        #expect(attributes.allSatisfy { $0.type.wholeMatch(of: plainWord) != nil })
        #expect(attributes.allSatisfy { $0.name.wholeMatch(of: plainWord) != nil })
        #expect(
            parsed.entities["profile"]?.map(\.name) == ["id", "bio", "pk_", "_1st", "uk_"],
            "a column named like a key or starting with a digit stays an attribute name")
        #expect(
            parsed.entities["my 'customer'"]?[1]
                == .init(
                    type: "VARCHAR_20", name: "first_name", keys: [],
                    comment: "name: first name, VARCHAR(20), NOT NULL"))
        #expect(parsed.relationships.count == 8)
    }

    @Test(
        "cardinality: NOT NULL child columns }o--||, a nullable one }o--o|, unique ones |o--, composite keys, self and cycle"
    )
    func cardinality() throws {
        let parsed = try MermaidERParser(SchemaDiagram.mermaid(try DiagramFixture.model()))
        let edges = parsed.relationships.map { "\($0.first) \($0.cardinality) \($0.second) : \($0.label)" }
        #expect(
            edges == [
                "a }o--o| b : b_id", "b |o--|| a : a_id", "line }o--|| order : order_id",
                "my 'customer' |o--o| profile : profile_id", "my 'customer' }o--o| my 'customer' : referrer",
                "one }o--o| missing <&> table : ghost_id", "order }o--|| my 'customer' : customer id",
                "shipment }o--o| line : order_id, position",
            ])
    }

    @Test("an INTEGER PRIMARY KEY child column is never NULL, and being the key it is unique: |o--||")
    func rowidChild() throws {
        let model = try DiagramFixture.model(
            of: """
                CREATE TABLE person (id INTEGER PRIMARY KEY);
                CREATE TABLE passport (person_id INTEGER PRIMARY KEY REFERENCES person(id));
                CREATE TABLE visa (person_id INT PRIMARY KEY REFERENCES person(id));
                CREATE TABLE stamp (a, b, PRIMARY KEY (a, b), FOREIGN KEY (b, a) REFERENCES stamp(a, b)) WITHOUT ROWID;
                """)
        let edges = try MermaidERParser(SchemaDiagram.mermaid(model)).relationships.map(\.cardinality)
        // visa's INT PRIMARY KEY is not the rowid: SQLite lets it be NULL.
        #expect(edges == ["|o--||", "|o--||", "|o--o|"])
    }

    @Test("names that map to the same word or entity stay apart; empty and keyword names stay readable")
    func collisions() throws {
        let model = try DiagramFixture.model(
            of: #"""
                CREATE TABLE "a""b" ("x y" TEXT, x_y TEXT, "X-Y" TEXT);
                CREATE TABLE "a'b" ("" INTEGER, "end" INTEGER, "erDiagram" TEXT, "Fk" TEXT);
                CREATE TABLE "to" ("%%{init}%%" TEXT REFERENCES "a'b"(""));
                CREATE TABLE "" (class, style);
                """#)
        let text = SchemaDiagram.mermaid(model)
        let parsed = try MermaidERParser(text)
        #expect(parsed.entityOrder == ["_", "a'b_2", "a'b", "to"], "\(text)")
        #expect(parsed.entities["a'b_2"]?.map(\.name) == ["x_y_2", "x_y", "X_Y_3"])
        #expect(parsed.entities["a'b"]?.map(\.name) == ["_", "end", "erDiagram", "Fk_"])
        #expect(parsed.entities["_"]?.map(\.name) == ["class", "style"])
        #expect(parsed.relationships == [.init(first: "to", cardinality: "}o--o|", second: "a'b", label: "__{init}__")])
        #expect(!text.contains("%") && !text.contains("#"))
    }

    @Test("the same schema, however its SQL was written, gives the same bytes")
    func deterministic() throws {
        // The fixture's statements as SQLite stored them, tables in reverse order, respelled.
        let source = try SQLiteConnection(path: ":memory:")
        try source.execute(sql: DiagramFixture.sql)
        let rows = try source.rows(
            sql: """
                SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite%'
                ORDER BY type != 'table', CASE WHEN type = 'table' THEN -rowid ELSE rowid END
                """)
        let statements = rows.compactMap { row -> String? in
            guard case .text(let sql) = row[0] else { return nil }
            return sql.replacingOccurrences(of: "    ", with: "\t").replacingOccurrences(of: "INTEGER", with: "integer")
        }
        let reordered = try DiagramFixture.model(of: statements.joined(separator: ";\n"))
        let model = try DiagramFixture.model()
        #expect(SchemaDiagram.mermaid(reordered) == SchemaDiagram.mermaid(model))
        #expect(SchemaDiagram.mermaid(model) == SchemaDiagram.mermaid(model))
    }

    @Test("an empty schema is a diagram with no entities; a virtual table's hidden columns are left out")
    func emptyAndVirtual() throws {
        #expect(SchemaDiagram.mermaid(SchemaModel()) == "erDiagram\n")
        let model = try DiagramFixture.model(of: "CREATE VIRTUAL TABLE doc USING fts5(title, body);")
        let parsed = try MermaidERParser(SchemaDiagram.mermaid(model))
        #expect(parsed.entities["doc"]?.map(\.name) == ["title", "body"])
        // A virtual table whose module this connection lacks has no columns to show: its name alone.
        let bare = SchemaModel.Table(
            name: "far", columns: [], checks: [], foreignKeys: [], uniqueConstraints: [], isWithoutRowID: false,
            isStrict: false, isAutoincrement: false, virtualDefinition: "CREATE VIRTUAL TABLE far USING elsewhere")
        let text = SchemaDiagram.mermaid(SchemaModel(tables: [bare]))
        #expect(text == "erDiagram\n    \"far\"\n")
        #expect(try MermaidERParser(text).entities == ["far": []])
    }
}
