import Foundation
import KilnTestSupport
import Testing

@Suite("help on a real terminal fits the width the terminal reports")
struct HelpTerminalTests {
    @Test("kiln help and kiln help migrate on an 60- and an 80-column pseudo-terminal, COLUMNS unset: no line wider, no word broken", arguments: [["help"], ["help", "check"]])
    func fitsTerminal(arguments: [String]) throws {
        let folder = try TemporaryDirectory()
        let narrow = try KilnBinary.runInTerminal(arguments, in: folder.url, columns: 60)
        let plain = try KilnBinary.run(arguments, in: folder.url)
        #expect(narrow.status == 0)
        let lines = narrow.normalized.split(separator: "\n")
        #expect(lines.filter { $0.count > 60 && $0.split(separator: " ").count > 1 } == [], "\(narrow.normalized)")
        #expect(lines.contains { $0.count > 50 }, "the lines use the width")
        // Into a pipe there is no terminal to ask: 80 columns. The words are the same either way.
        #expect(plain.standardOutput.split(separator: "\n").contains { $0.count > 60 })
        #expect(narrow.normalized.split(whereSeparator: \.isWhitespace) == plain.standardOutput.split(whereSeparator: \.isWhitespace))
        let wide = try KilnBinary.runInTerminal(arguments, in: folder.url, columns: 80)
        #expect(wide.normalized.split(separator: "\n").filter { $0.count > 80 && $0.split(separator: " ").count > 1 } == [])
    }
}
