import Foundation
import Kiln
import KilnBuild
import Testing

@Suite("SchemaDocument.json: the schema model as a documented JSON document")
struct SchemaDiagramDocumentTests {
    private static func document(_ model: SchemaModel, version: Int32 = 7) throws -> [String: Any] {
        let text = SchemaDocument.json(model, database: "shop", version: version)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The fields of each object, as docs/json-output.md documents them.
    static let fields: [String: Set<String>] = [
        "document": ["formatVersion", "database", "version", "tables", "indexes", "views", "triggers"],
        "table": [
            "name", "columns", "checks", "foreignKeys", "uniqueConstraints", "isWithoutRowID", "isStrict",
            "isAutoincrement", "virtualDefinition", "definition",
        ],
        "column": [
            "name", "declaredType", "isNotNull", "defaultExpression", "primaryKeyPosition", "collation",
            "generatedExpression", "hidden",
        ],
        "foreignKey": ["columns", "parentTable", "parentColumns", "onUpdate", "onDelete", "match", "isDeferred"],
        "index": ["name", "table", "isUnique", "origin", "terms", "condition"],
        "term": ["expression", "isExpression", "collation", "isDescending"],
        "view": ["name", "sql", "columns", "definition"],
        "trigger": ["name", "table", "sql", "definition"],
        // A CREATE INDEX index is an index with its stored statement; a constraint's index has none.
        "createdIndex": ["definition"],
    ]

    private static let schema = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT COLLATE NOCASE NOT NULL DEFAULT 'x' UNIQUE,
            price REAL CHECK (price >= 0), parent INTEGER REFERENCES item(id) ON DELETE CASCADE
            DEFERRABLE INITIALLY DEFERRED, twice REAL AS (price * 2) STORED);
        CREATE INDEX item_price ON item (price DESC, lower(code)) WHERE price > 0;
        CREATE VIEW cheap AS SELECT * FROM item WHERE price < 1;
        CREATE TRIGGER item_touch AFTER UPDATE ON item BEGIN SELECT 1; END;
        """

    @Test("it parses, has formatVersion 1, the database and version, and exactly the documented fields")
    func fieldsAreTheDocumentedOnes() throws {
        let document = try Self.document(try DiagramFixture.model(of: Self.schema))
        #expect(document["formatVersion"] as? Int == 1 && SchemaDocument.formatVersion == 1)
        #expect(document["database"] as? String == "shop" && document["version"] as? Int == 7)
        #expect(Set(document.keys) == Self.fields["document"])
        let table = try #require((document["tables"] as? [[String: Any]])?.first)
        #expect(Set(table.keys) == Self.fields["table"])
        for column in try #require(table["columns"] as? [[String: Any]]) {
            #expect(Set(column.keys) == Self.fields["column"])
        }
        let key = try #require((table["foreignKeys"] as? [[String: Any]])?.first)
        #expect(Set(key.keys) == Self.fields["foreignKey"])
        let index = try #require((document["indexes"] as? [[String: Any]])?.first)
        #expect(Set(index.keys) == Self.fields["index"]!.union(Self.fields["createdIndex"]!))
        #expect(Set(try #require((index["terms"] as? [[String: Any]])?.first).keys) == Self.fields["term"])
        #expect(Set(try #require((document["views"] as? [[String: Any]])?.first).keys) == Self.fields["view"])
        #expect(Set(try #require((document["triggers"] as? [[String: Any]])?.first).keys) == Self.fields["trigger"])
        let unique = try #require((table["uniqueConstraints"] as? [[String: Any]])?.first)
        #expect(Set(unique.keys) == Self.fields["index"])
    }

    @Test("values are the model's; a missing value is an explicit null")
    func values() throws {
        let document = try Self.document(try DiagramFixture.model(of: Self.schema))
        let table = try #require((document["tables"] as? [[String: Any]])?.first)
        let columns = try #require(table["columns"] as? [[String: Any]])
        #expect(columns.map { $0["name"] as? String } == ["id", "code", "price", "parent", "twice"])
        #expect(columns[0]["defaultExpression"] is NSNull && columns[0]["collation"] is NSNull)
        #expect(columns[1]["collation"] as? String == "NOCASE" && columns[1]["defaultExpression"] as? String == "'x'")
        #expect(columns[1]["isNotNull"] as? Bool == true && columns[0]["primaryKeyPosition"] as? Int == 1)
        #expect(columns[4]["generatedExpression"] as? String == "price * 2" && columns[4]["hidden"] as? Int == 3)
        #expect(table["checks"] as? [String] == ["price >= 0"] && table["virtualDefinition"] is NSNull)
        let key = try #require((table["foreignKeys"] as? [[String: Any]])?.first)
        #expect(key["onDelete"] as? String == "CASCADE" && key["isDeferred"] as? Bool == true)
        let index = try #require((document["indexes"] as? [[String: Any]])?.first)
        #expect(index["condition"] as? String == "price > 0")
        let terms = try #require(index["terms"] as? [[String: Any]])
        #expect(terms[0]["isDescending"] as? Bool == true && terms[1]["isExpression"] as? Bool == true)
        #expect(
            (document["views"] as? [[String: Any]])?.first?["sql"] as? String
                == "CREATE VIEW cheap AS SELECT * FROM item WHERE price < 1")
    }

    @Test("composite keys, WITHOUT ROWID, generated columns and odd names survive; keys are sorted; bytes are stable")
    func fixtureAndStability() throws {
        let model = try DiagramFixture.model()
        let text = SchemaDocument.json(model, database: "shop", version: 3)
        #expect(text == SchemaDocument.json(try DiagramFixture.model(), database: "shop", version: 3))
        #expect(text.hasSuffix("}\n"))
        let document = try Self.document(model)
        let tables = try #require(document["tables"] as? [[String: Any]])
        #expect(tables.map { $0["name"] as? String ?? "" }.contains("my \"customer\""))
        let line = try #require(tables.first { $0["name"] as? String == "line" })
        #expect(line["isWithoutRowID"] as? Bool == true)
        let shipment = try #require(tables.first { $0["name"] as? String == "shipment" })
        let key = try #require((shipment["foreignKeys"] as? [[String: Any]])?.first)
        #expect(key["columns"] as? [String] == ["order_id", "position"])
        let topKeys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topKeys == ["database", "formatVersion", "indexes", "tables", "triggers", "version", "views"])
    }

    @Test("every field is documented in docs/json-output.md's section on the schema's JSON document")
    func readmeDocumentsEveryField() throws {
        let readme = try String(contentsOf: ReadmeDiagram.jsonDocument, encoding: .utf8)
        let start = try #require(readme.range(of: "### The JSON document")).upperBound
        let section = readme[start...].prefix { $0 != "#" }
        for field in Self.fields.values.flatMap({ $0 }) {
            #expect(section.contains("`\(field)`"), "docs/json-output.md does not document \(field)")
        }
    }

    @Test("each object's definition is its statement as SQLite stores it, which runs; sql is the comparison form")
    func definitions() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(
            sql: """
                CREATE TABLE t ("select" TEXT, "key" INT);
                CREATE VIEW v AS SELECT "select" AS "key", "key"*2 FROM t;
                """)
        let text = SchemaDocument.json(
            try SchemaModel.read(from: connection), database: "shop", version: 1,
            definitions: try SchemaDocument.Definitions(reading: connection))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let view = try #require((document["views"] as? [[String: Any]])?.first)
        #expect(view["definition"] as? String == #"CREATE VIEW v AS SELECT "select" AS "key", "key"*2 FROM t"#)
        #expect(view["sql"] as? String == "CREATE VIEW v AS SELECT SELECT AS KEY, KEY * 2 FROM t")
        #expect(view["columns"] as? [String] == ["key", #""key"*2"#])
        let table = try #require((document["tables"] as? [[String: Any]])?.first)
        let rebuilt = try SQLiteConnection(path: ":memory:")
        try rebuilt.execute(sql: try #require(table["definition"] as? String))
        try rebuilt.execute(sql: try #require(view["definition"] as? String))
        #expect(try SchemaModel.read(from: rebuilt) == SchemaModel.read(from: connection))
        #expect(
            try Self.document(try SchemaModel.read(from: connection))["tables"].map { tables in
                (tables as? [[String: Any]])?.first?["definition"] is NSNull
            } == true)
    }

    @Test("the shadow tables of an FTS5 table are left out of the document and both diagrams")
    func shadowTables() throws {
        let model = try DiagramFixture.model(of: "CREATE VIRTUAL TABLE docs USING fts5(title, body);")
        #expect(model.tables.count > 1 && model.tables.filter(\.isShadow).count == model.tables.count - 1)
        let tables = try #require(try Self.document(model)["tables"] as? [[String: Any]])
        #expect(tables.map { $0["name"] as? String } == ["docs"])
        for text in [SchemaDiagram.mermaid(model), SchemaDiagram.dot(model, name: "shop")] {
            #expect(text.contains("docs") && !text.contains("docs_data") && !text.contains("docs_config"), "\(text)")
        }
    }
}
