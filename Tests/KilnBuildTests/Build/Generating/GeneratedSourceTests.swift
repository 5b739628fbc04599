import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

@Suite("The Swift kiln generate writes")
struct GeneratedSourceTests {
    /// A project with a small schema and one query of each shape, the golden file's source.
    private func project() throws -> (TemporaryDirectory, KilnProject) {
        let folder = try TemporaryDirectory.emptyProject()
        try folder.write(
            "migrations/shop/0001_shop.sql",
            """
            CREATE TABLE country (id INTEGER PRIMARY KEY, title TEXT NOT NULL, code TEXT);
            CREATE TABLE city (id INTEGER PRIMARY KEY, country_id INTEGER NOT NULL, name TEXT NOT NULL, added TEXT);

            """)
        try folder.write(
            "queries/shop.sql",
            """
            SELECT * FROM country;
            -- name: CountryByCode :one
            SELECT id, title FROM country WHERE code = ?;
            -- name: Cities :many
            SELECT city.name, city.added AS "added: Date?", country.title AS "country"
            FROM country LEFT JOIN city ON city.country_id = country.id WHERE country.title <> 'a "quoted" \\ name';
            -- name: EachCity :each
            SELECT count(*) AS n, name FROM city GROUP BY name;
            -- name: AddCity :exec
            INSERT INTO city (country_id, name) VALUES (:country, :name);

            """)
        return (folder, try KilnProject(root: folder.url))
    }

    @Test("the generated file matches Tests/Fixtures/generate/ShopQueries.swift.golden")
    func golden() throws {
        let (folder, project) = try project()
        defer { _ = folder }
        let generated = try QueryGenerator.source(for: "shop", in: project)
        #expect(generated.queries == 4)
        let golden = TestFixtures.url("generate/ShopQueries.swift.golden")
        if ProcessInfo.processInfo.environment["KILN_RECORD_GOLDEN"] == "1" {
            try Data(generated.text.utf8).write(to: golden)
        }
        let expected = String(decoding: try Data(contentsOf: golden), as: UTF8.self)
        #expect(
            generated.text == expected,
            "run `KILN_RECORD_GOLDEN=1 swift test --filter GeneratedSourceTests` to record it after a deliberate change"
        )
    }

    @Test("SQL becomes a raw multi-line literal with enough # that nothing in it ends the literal or interpolates")
    func literals() {
        #expect(SwiftLiteral.multiline("SELECT 1", indent: "  ") == ["#\"\"\"", "  SELECT 1", "  \"\"\"#"])
        #expect(SwiftLiteral.multiline("SELECT '\"\"\"#', '\\##('", indent: "")?.first == "###\"\"\"")
        #expect(SwiftLiteral.multiline("SELECT\n\nx", indent: "  ") == ["#\"\"\"", "  SELECT", "", "  x", "  \"\"\"#"])
        #expect(SwiftLiteral.multiline("SELECT '\u{1}'", indent: "") == nil)
        #expect(SwiftLiteral.string("a \"b\" \\ \u{1}\n") == #""a \"b\" \\ \u{1}\n""#)
    }

    @Test("generating twice gives the same bytes, and the second write leaves the file alone")
    func noOp() throws {
        let (folder, project) = try project()
        let first = try QueryGenerator.generate("shop", in: project, into: folder.path("out"))
        #expect(first.wasWritten && first.path == folder.path("out/ShopQueries.swift"))
        let second = try QueryGenerator.generate("shop", in: project, into: folder.path("out"))
        #expect(!second.wasWritten)
    }
}
