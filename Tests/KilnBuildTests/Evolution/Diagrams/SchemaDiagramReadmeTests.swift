import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// The diagram of `countries` in docs/schema.md (the README's until the README became a front page): the block
/// under `<!-- kiln schema countries --format mermaid -->`.
enum ReadmeDiagram {
    static let repository = TestFixtures.url("").deletingLastPathComponent().deletingLastPathComponent()
    /// The document that holds the diagram.
    static let readme = repository.appendingPathComponent("docs/schema.md")
    /// The document that documents `kiln schema --format json`'s fields.
    static let jsonDocument = repository.appendingPathComponent("docs/json-output.md")
    static let marker = "<!-- kiln schema countries --format mermaid -->\n```mermaid\n"

    /// The README's text and the range of the diagram's text (between the fence lines).
    static func block() throws -> (text: String, range: Range<String.Index>) {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: marker), "docs/schema.md has no \(marker)").upperBound
        let end = try #require(text.range(of: "```\n", range: start..<text.endIndex)).lowerBound
        return (text, start..<end)
    }

    /// The diagram kiln makes from the repository's own migrations of `countries`, at the newest version.
    static func generated() throws -> String {
        let migrator = try KilnProject(root: repository).migrator(for: "countries")
        return SchemaDiagram.mermaid(try migrator.freshSchema(at: migrator.migrations.latestVersion).model)
    }
}

@Suite("The schema diagram in docs/schema.md is current")
struct SchemaDiagramReadmeTests {
    @Test("the Mermaid block of countries in docs/schema.md is what kiln generates from migrations/countries")
    func readmeDiagramIsCurrent() throws {
        let (text, range) = try ReadmeDiagram.block()
        let generated = try ReadmeDiagram.generated()
        let environment = ProcessInfo.processInfo.environment
        if text[range] != generated, environment["KILN_RECORD_README"] == "1" || environment["KILN_RECORD_DOCS"] == "1" {
            try text.replacingCharacters(in: range, with: generated).write(
                to: ReadmeDiagram.readme, atomically: true, encoding: .utf8)
        }
        #expect(
            String(text[range]) == generated,
            """
            docs/schema.md's diagram of countries is not current: replace the block under \
            '<!-- kiln schema countries --format mermaid -->' with the output of \
            `kiln schema countries --format mermaid`, or run \
            `KILN_RECORD_README=1 swift test --filter SchemaDiagramReadmeTests` to rewrite it
            """)
    }

    @Test("the diagram shows the newest version: iso2, added by migration 2, with its unique index")
    func diagramIsTheNewestVersion() throws {
        let parsed = try MermaidERParser(try ReadmeDiagram.generated())
        #expect(
            parsed.entities["country"]
                == [
                    .init(type: "INTEGER", name: "id", keys: ["PK"], comment: "AUTOINCREMENT"),
                    .init(type: "TEXT", name: "title", keys: [], comment: "NOT NULL"),
                    .init(type: "TEXT", name: "code", keys: [], comment: "NOT NULL"),
                    .init(type: "TEXT", name: "iso2", keys: ["UK"], comment: nil),
                ])
    }
}
