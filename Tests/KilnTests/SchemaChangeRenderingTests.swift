import Foundation
import Testing

@testable import Kiln

/// `SchemaDifference.compare` is the rendering of `SchemaModel.changes(to:)`: over many generated pairs of
/// schemas, both ways, it says exactly what the comparison said before the typed diff (kept as the oracle in
/// `LegacySchemaComparison.swift`): the same differences, the same descriptions, the same JSON bytes.
@Suite("the typed diff renders as the old comparison, byte for byte")
struct SchemaChangeRenderingTests {
    @Test("generated pairs of schemas compare the same both ways, text and JSON")
    func generatedPairs() throws {
        var random = SplitMix(seed: 24)
        var differing = 0
        for round in 0..<3_000 {
            let old = SchemaGenerator.schema(&random)
            let new = round % 4 == 0 ? SchemaGenerator.schema(&random) : SchemaGenerator.mutated(old, &random)
            for (expected, actual) in [(new, old), (old, new)] {
                let legacy = LegacyComparison.compare(expected: expected, actual: actual)
                let rendered = SchemaDifference.compare(expected: expected, actual: actual)
                #expect(rendered.map(\.description) == legacy.map(\.description), "round \(round)")
                #expect(try json(rendered) == json(legacy), "round \(round)")
                #expect(rendered == legacy, "round \(round)")
                if !legacy.isEmpty { differing += 1 }
            }
            // Not always empty: a table with two identical foreign keys differs from itself, as it did before.
            #expect(old.changes(to: old).flatMap(\.differences) == LegacyComparison.compare(expected: old, actual: old))
        }
        // The generator must reach the interesting cases, not only equal or wholly different schemas.
        #expect(differing > 4_000)
    }

    @Test("the generator reaches every kind of table change the renderer suppresses or shows")
    func generatorCoverage() {
        var random = SplitMix(seed: 7)
        var seen: Set<String> = []
        for _ in 0..<2_000 {
            let old = SchemaGenerator.schema(&random)
            let new = SchemaGenerator.mutated(old, &random)
            for change in old.changes(to: new) + new.changes(to: old) {
                guard case .modifyTable(_, _, let changes) = change else {
                    seen.insert(String("\(change)".prefix { $0 != "(" }))
                    continue
                }
                for item in changes { seen.insert(String("\(item)".prefix { $0 != "(" })) }
            }
        }
        let expected: Set<String> = [
            "addTable", "dropTable", "addIndex", "dropIndex", "changeIndex", "addView", "dropView", "changeView",
            "addTrigger", "dropTrigger", "changeTrigger", "addColumn", "dropColumn", "alterColumn", "reorderColumns",
            "setOption", "addCheck", "dropCheck", "changeCheck", "addForeignKey", "dropForeignKey", "alterForeignKey",
            "addUniqueConstraint", "dropUniqueConstraint", "changeVirtualDefinition",
        ]
        #expect(expected.subtracting(seen).isEmpty, "never generated: \(expected.subtracting(seen).sorted())")
    }

    @Test("real schemas read from SQLite compare the same both ways")
    func realSchemas() throws {
        let schemas = [
            "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL DEFAULT '', pinned INT);",
            """
            CREATE TABLE note (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT COLLATE NOCASE, pinned INTEGER,
              author_id INTEGER REFERENCES author(id) ON DELETE CASCADE, CHECK (length(body) < 10), UNIQUE (body));
            CREATE TABLE author (id INTEGER PRIMARY KEY, "naïve É" TEXT);
            CREATE INDEX note_by_body ON note (body DESC) WHERE pinned;
            CREATE VIEW v AS SELECT id, pinned*2 FROM note;
            CREATE TRIGGER t AFTER INSERT ON note BEGIN SELECT 1; END;
            """,
            """
            CREATE TABLE note (body TEXT, id INTEGER PRIMARY KEY, pinned INTEGER AS (id + 1) STORED,
              CHECK (length(body) < 20)) STRICT;
            CREATE TABLE "Author" (id INT PRIMARY KEY, "naïve é" TEXT) WITHOUT ROWID;
            CREATE UNIQUE INDEX note_by_body ON note (lower(body));
            CREATE VIEW v AS SELECT id, pinned * 2 FROM note;
            CREATE TRIGGER t AFTER DELETE ON note BEGIN SELECT 2; END;
            """,
        ]
        let models = try schemas.map { sql in
            let db = try SQLiteConnection(path: ":memory:")
            try db.execute(sql: sql)
            return try SchemaModel.read(from: db)
        }
        for expected in models {
            for actual in models {
                let legacy = LegacyComparison.compare(expected: expected, actual: actual)
                #expect(try json(SchemaDifference.compare(expected: expected, actual: actual)) == json(legacy))
            }
        }
    }

    private func json(_ differences: [SchemaDifference]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(differences), as: UTF8.self)
    }
}
