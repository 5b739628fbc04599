import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// Graphviz's `dot`, when it is installed (`apt-get install graphviz`).
enum GraphvizTool {
    static let url: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    /// Whether the tests that run `dot` run: when it is installed, and always under CI (which installs it), so
    /// a CI machine without it fails instead of skipping them.
    static let runs = url != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// Renders `text` as SVG; returns dot's exit status, its standard error and the SVG.
    static func svg(_ text: String) throws -> (status: Int32, errors: String, svg: String) {
        let folder = try TemporaryDirectory()
        let input = try folder.write("graph.dot", text)
        let process = Process()
        process.executableURL = url ?? URL(fileURLWithPath: "/usr/bin/dot")
        process.arguments = ["-Tsvg", input, "-o", folder.path("graph.svg")]
        _ = FileManager.default.createFile(atPath: folder.path("errors.txt"), contents: nil)
        process.standardError = try FileHandle(forWritingTo: folder.url.appendingPathComponent("errors.txt"))
        try process.run()
        process.waitUntilExit()
        let errors = String(decoding: try folder.read("errors.txt"), as: UTF8.self)
        let svg = (try? folder.read("graph.svg")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (process.terminationStatus, errors, svg)
    }
}

@Suite("SchemaDiagram.dot: a Graphviz digraph with escaped HTML-like labels")
struct SchemaDiagramDotTests {
    @Test("a node per table and missing parent, an edge per foreign key between the columns' ports")
    func structure() throws {
        let text = SchemaDiagram.dot(try DiagramFixture.model(), name: "shop")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "digraph \"shop\" {" && lines.last == "}")
        #expect(lines.filter { $0.contains("[label=<<TABLE") }.count == 10)
        #expect(lines.contains("    t10 [shape=box, style=dashed, label=<missing &lt;&amp;&gt; table>];"))
        let edges = lines.filter { $0.contains(" -> ") }
        #expect(
            edges == [
                "    t0:c1 -> t1:c0 [arrowtail=crowodot, arrowhead=teeodot, label=<b_id>];",
                "    t1:c1 -> t0:c0 [arrowtail=teeodot, arrowhead=teetee, label=<a_id>];",
                "    t4:c0 -> t7:c0 [arrowtail=crowodot, arrowhead=teetee, label=<order_id>];",
                "    t5:c3 -> t8:c0 [arrowtail=teeodot, arrowhead=teeodot, label=<profile_id>];",
                "    t5:c2 -> t5:c0 [arrowtail=crowodot, arrowhead=teeodot, label=<referrer>];",
                "    t6:c1 -> t10 [arrowtail=crowodot, arrowhead=teeodot, label=<ghost_id>];",
                "    t7:c1 -> t5:c0 [arrowtail=crowodot, arrowhead=teetee, label=<customer id>];",
                "    t9:c0 -> t4:c0 [arrowtail=crowodot, arrowhead=teeodot, label=<order_id, position>];",
            ])
        let customer = try #require(lines.first { $0.hasPrefix("    t5 ") })
        #expect(customer.contains("<B>my &quot;customer&quot;</B>"))
        #expect(customer.contains("<TD PORT=\"c1\" ALIGN=\"LEFT\">first name</TD><TD ALIGN=\"LEFT\">VARCHAR(20)</TD>"))
        let line = try #require(lines.first { $0.hasPrefix("    t4 ") })
        #expect(line.contains("<I>WITHOUT ROWID</I>") && line.contains("PK, FK, NOT NULL"))
        let generated = try #require(lines.first { $0.hasPrefix("    t3 ") })
        #expect(generated.contains("<I>STRICT</I>") && generated.contains("GENERATED STORED"))
    }

    @Test("names and the graph's name are escaped: no raw <, &, \" or line break reaches DOT")
    func escaping() {
        #expect(GraphvizDiagram.escaped("a<b>&\"c\"\n") == "a&lt;b&gt;&amp;&quot;c&quot; ")
        let text = SchemaDiagram.dot(SchemaModel(), name: "we\"ird\\\nname")
        #expect(
            text.hasPrefix(
                "digraph \"we\\\"ird/ name\" {\n    graph [rankdir=LR, labelloc=t, label=<we&quot;ird\\ name>];"))
    }

    @Test("the same schema gives the same bytes")
    func deterministic() throws {
        #expect(
            SchemaDiagram.dot(try DiagramFixture.model(), name: "shop")
                == SchemaDiagram.dot(try DiagramFixture.model(), name: "shop"))
    }

    @Test(
        "Graphviz's dot reads the fixture's graph and an odd one without a warning and draws every name",
        .enabled(if: GraphvizTool.runs, "Graphviz's dot is not installed")
    )
    func graphvizReadsIt() throws {
        let fixture = try GraphvizTool.svg(SchemaDiagram.dot(try DiagramFixture.model(), name: "shop"))
        #expect(fixture.status == 0 && fixture.errors.isEmpty, "\(fixture.errors)")
        for name in ["my &quot;customer&quot;", "missing &lt;&amp;&gt; table", "back\\slash#1;", "direction TB"] {
            #expect(fixture.svg.contains(">\(name)<"), "\(name)")
        }
        let odd = try DiagramFixture.model(
            of: #"CREATE TABLE "a\" ("]]>" TEXT, "<!--" INTEGER REFERENCES "a\"("]]>")); CREATE TABLE e (x);"#)
        let result = try GraphvizTool.svg(SchemaDiagram.dot(odd, name: "db\\"))
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
        #expect(
            result.svg.contains(">a\\<") && result.svg.contains(">]]&gt;<") && result.svg.contains(">&lt;!&#45;&#45;<"))
    }
}
