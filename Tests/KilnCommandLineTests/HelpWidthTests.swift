import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Runs kiln in-process with `COLUMNS` set, as a user's shell would.
func kiln(_ arguments: [String], columns: Int) -> ProcessResult {
    var output = ""
    var errors = ""
    var environment = TestEnvironment.kiln
    environment["COLUMNS"] = String(columns)
    let status = KilnTool.run(
        arguments, currentDirectory: URL(fileURLWithPath: NSTemporaryDirectory()),
        standardOutput: { output += $0 }, standardError: { errors += $0 }, environment: environment)
    return ProcessResult(status: status, standardOutput: output, standardError: errors)
}

/// The lines of `text` wider than `width` that hold more than one word (a single longer word may pass).
func overlongLines(_ text: String, width: Int) -> [String] {
    text.split(separator: "\n").map(String.init).filter { line in
        line.count > width && line.split(separator: " ").count > 1
    }
}

/// Whether `text`'s words, in order, contain `piece`'s words as one unbroken run: every word whole, none lost.
func keepsWords(_ text: String, of piece: String) -> Bool {
    let words = HelpLayout.words(piece)
    guard !words.isEmpty else { return true }
    return " \(HelpLayout.words(text).joined(separator: " ")) ".contains(" \(words.joined(separator: " ")) ")
}

/// Every text a command's help shows, in the spec's own words: abstract, discussion blocks, argument and option
/// help.
func specTexts(_ spec: CommandSpec) -> [String] {
    var texts = [spec.abstract]
    for block in HelpLayout.blocks(of: spec.discussion) {
        switch block {
        case .prose(let words): texts.append(words.joined(separator: " "))
        case .row(let term, let description, _): texts.append(([term] + description).joined(separator: " "))
        case .verbatim(let line): texts.append(line)
        case .blank: break
        }
    }
    texts += spec.arguments.map(\.help)
    texts += (spec.visibleOptions + spec.shownCommonOptions).map { HelpFormatter.optionLabel($0) + " " + $0.help }
    return texts
}

@Suite("help fits the terminal's width and never breaks a word")
struct HelpWidthTests {
    @Test("root help and every command's help at 60, 80 and 120 columns: no line wider, every word whole", arguments: [60, 80, 120])
    func fits(columns: Int) {
        let root = kiln(["help"], columns: columns)
        #expect(root.status == 0)
        #expect(overlongLines(root.standardOutput, width: columns) == [])
        for spec in KilnTool.allSpecs {
            #expect(keepsWords(root.standardOutput, of: "\(spec.name) \(spec.abstract)"), "\(spec.name) at \(columns)")
            let help = kiln(["help", spec.name], columns: columns)
            #expect(help.status == 0)
            #expect(overlongLines(help.standardOutput, width: columns) == [], "kiln help \(spec.name)")
            for text in specTexts(spec) {
                #expect(keepsWords(help.standardOutput, of: text), "kiln help \(spec.name) at \(columns): \(text)")
            }
            let usage = HelpFormatter.usageParts(of: spec).joined(separator: " ")
            #expect(keepsWords(help.standardOutput, of: "USAGE: kiln \(spec.name) \(usage)"))
        }
    }

    @Test("a word wider than the line gets a line of its own; continuation lines hang at the indent")
    func filling() {
        let text = HelpLayout.fill(["one", "two", "threefourfive", "six"], width: 10, first: "> ", indent: 2)
        #expect(text == "> one two\n  threefourfive\n  six\n")
        let column = String(repeating: " ", count: 26)
        #expect(HelpLayout.row("--db <file>", "The database file.", width: 80) == "  --db <file>\(column.dropFirst(13))The database file.\n")
        #expect(HelpLayout.row("--drop-the-tracking-table", "Drop it.", width: 80) == "  --drop-the-tracking-table\n\(column)Drop it.\n")
        #expect(HelpLayout.row("--db <file>", "The database file.", width: 25) == "  --db <file>\n\(column.prefix(8))The database\n\(column.prefix(8))file.\n")
    }

    @Test("a wrapped usage line continues under the first argument, after 'kiln <subcommand>'")
    func usageIndent() throws {
        let spec = try #require(KilnTool.allSpecs.first { $0.name == "migrate" })
        let lines = HelpFormatter.usage(of: spec, width: 60).split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 20)) && $0.dropFirst(20).first != " " })
        #expect(lines.first?.hasPrefix("USAGE: kiln migrate [<database>]") == true)
    }

    @Test("kiln help lists every command once, under its group, groups in CommandGroup order")
    func groups() {
        let text = kiln(["help"], columns: 80).standardOutput
        let titles = CommandGroup.allCases.map { "\n\($0.rawValue):\n" }
        let positions = titles.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == titles.count && positions == positions.sorted())
        for spec in KilnTool.allSpecs {
            guard let row = text.range(of: "\n  \(spec.name) ") else {
                Issue.record("kiln help does not list \(spec.name)")
                continue
            }
            let heading = text[..<row.lowerBound].split(separator: "\n").last { $0.hasSuffix(":") && !$0.hasPrefix(" ") }
            #expect(heading.map(String.init) == "\(spec.group.rawValue):", "\(spec.name)")
        }
    }
}
