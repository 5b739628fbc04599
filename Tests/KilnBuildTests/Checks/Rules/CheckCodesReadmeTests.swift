import Foundation
import KilnBuild
import KilnTestSupport
import Testing

/// docs/ci.md's list of `kiln check`'s finding codes (the README's until the README became a front page): the lines between `<!-- kiln check codes -->` and
/// `<!-- end of kiln check codes -->`, one per code the rules list, as SARIF lists them.
@Suite("docs/ci.md lists every finding code of kiln check, one line each")
struct CheckCodesReadmeTests {
    static let readme = TestFixtures.url("").deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/ci.md")

    /// The list as the rules give it.
    static var expected: String {
        CheckRules.codes.map { "- `\($0.id)`: \($0.summary)\n" }.joined()
    }

    @Test("docs/ci.md's block is the rules' codes and summaries, in rule order")
    func listed() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- kiln check codes -->\n")).upperBound
        let end = try #require(text.range(of: "<!-- end of kiln check codes -->", range: start..<text.endIndex))
        #expect(String(text[start..<end.lowerBound]) == Self.expected, "write:\n\(Self.expected)")
    }
}
