import Kiln
import KilnBuild
import Testing

/// The plan's file text knows where it writes each placeholder: the byte ranges point at the calls, also
/// after names whose characters take several bytes, and the CLI's line and column come from them.
@Suite("placeholders keep their byte ranges in the written file")
struct PlanFileTextTests {
    @Test("each range holds its placeholder's call, after non-ASCII names and comments, in file order")
    func rangesPointAtTheCalls() throws {
        let setup = try PlannerCase(
            #"""
            CREATE TABLE "prés" (id INTEGER PRIMARY KEY, "prix€" TEXT, "été" TEXT);
            CREATE TABLE "表" (id INTEGER PRIMARY KEY, "名前" TEXT);
            """#,
            #"""
            CREATE TABLE "prés" (id INTEGER PRIMARY KEY, "prix€" INTEGER NOT NULL, "été" TEXT);
            CREATE TABLE "表" (id INTEGER PRIMARY KEY, "名前" INTEGER, "新しい" TEXT NOT NULL);
            """#)
        let plan = try setup.plan(SchemaPlanOptions(allowsDataLoss: true))
        let file = plan.migrationFile(header: ["Migration 2 of ünïcode — «prés»"])
        #expect(file.text == plan.migrationText(header: ["Migration 2 of ünïcode — «prés»"]))
        let bytes = Array(file.text.utf8)
        #expect(file.placeholders.map(\.placeholder) == plan.placeholders)
        #expect(file.placeholders.count == 4)
        for placement in file.placeholders {
            #expect(Array(bytes[placement.bytes]) == Array(placement.placeholder.sql.utf8))
            #expect(bytes[placement.bytes].starts(with: Array("kiln_placeholder(".utf8)))
        }
        #expect(file.placeholders.map(\.bytes.lowerBound) == file.placeholders.map(\.bytes.lowerBound).sorted())
        // The token detector that `kiln migrate` uses finds the same calls at the same places.
        let source = SourceText(path: "0002_x.sql", bytes: bytes)
        #expect(
            PlanPlaceholder.calls(in: source).map(\.location)
                == file.placeholders.map { source.location(ofByte: $0.bytes.lowerBound) })
    }

    @Test("a name holding a placeholder's words does not move its range")
    func nameWithThePlaceholdersWords() throws {
        let words = #"kiln_placeholder('convert "v" from TEXT to INTEGER')"#
        let setup = try PlannerCase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER);")
        let plan = try setup.plan(SchemaPlanOptions(allowsDataLoss: true))
        let file = plan.migrationFile(header: [words])
        let placement = try #require(file.placeholders.first)
        #expect(file.placeholders.count == 1)
        #expect(placement.bytes.lowerBound > Array(file.text.utf8).firstIndex(of: UInt8(ascii: "\n"))!)
        #expect(Array(file.text.utf8)[placement.bytes].elementsEqual(placement.placeholder.sql.utf8))
    }
}
