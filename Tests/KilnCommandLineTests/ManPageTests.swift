import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// The man page as groff and mandoc read it: what a user's review found wrong (review U11).
@Suite("the man page renders cleanly: whole paths and options, one display per recipe, every exit status")
struct ManPageTests {
    static let groff = ExternalTool("groff")
    static let mandoc = ExternalTool("mandoc")

    /// `kiln help --man`.
    static var page: String { kiln(["help", "--man"], columns: 80).standardOutput }

    @Test("EXIT STATUS lists 130 and 143 beside 0, 1 and 64, as docs/commands.md does")
    func exitStatuses() {
        let section =
            Self.page.components(separatedBy: ".Sh EXIT STATUS\n").last?
            .components(separatedBy: ".Sh ").first ?? ""
        for status in ["0", "1", "64", "130", "143"] { #expect(section.contains(".It \(status)\n"), "\(status)") }
        #expect(section.contains("SIGTERM") && section.contains("SIGINT"))
    }

    @Test("a recipe of several lines is one literal display, and e.g. ends no sentence")
    func recipesAndAbbreviations() {
        let page = Self.page
        #expect(page.contains(".Bd -literal -offset indent\nmkdir -p ~/.zsh/completion\nkiln completions zsh > "))
        #expect(page.contains("fpath=(~/.zsh/completion $fpath)\nautoload -U compinit && compinit\n.Ed\n"))
        #expect(!page.contains(".Ed\n.Bd"), "no display right after another")
        #expect(page.contains("e.g.\\& "))
        #expect(
            !page.contains("e.g.\n") && !page.contains("e.g. "), "e.g. neither ends a line nor takes a sentence space")
    }

    @Test("text lines keep code whole: \\% before paths, options and names, a long path may break at a slash")
    func escapesCode() {
        #expect(
            ManPage.text("Edit migrations/ and kiln.json with --root, e.g. KILN_ROOT (or -q).")
                == "Edit \\%migrations/ and \\%kiln.json with \\%--root, e.g.\\& \\%KILN_ROOT (or \\%-q).")
        #expect(
            ManPage.text("see ~/.local/share/bash-completion/completions/kiln")
                == "see \\%~/\\:.local/\\:share/\\:bash-completion/\\:completions/\\:kiln")
        #expect(ManPage.text("Two sentences. Here.") == "Two sentences.\nHere.")
    }

    @Test(
        "groff -ww renders it at 60 and 80 columns without a warning and hyphenates no path, option or name",
        .enabled(if: groff.runs), arguments: [60, 80])
    func groffRenders(columns: Int) throws {
        let rendered = try runOnFile(
            Self.groff, ["-mandoc", "-Tutf8", "-ww", "-rLL=\(columns)n", "-P-cbou"], text: Self.page, named: "kiln.1")
        #expect(rendered.status == 0 && rendered.standardError.isEmpty, "\(rendered.standardError)")
        let lines = rendered.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where line.hasSuffix("\u{2010}") || line.hasSuffix("-") {
            let next = index + 1 < lines.count ? lines[index + 1].split(separator: " ").first.map(String.init) : nil
            let word = (line.split(separator: " ").last.map(String.init) ?? "") + (next ?? "")
            #expect(!ManPage.isCode(word), "at \(columns) columns: \(line) / \(next ?? "")")
        }
        #expect(rendered.standardOutput.contains("~/.local/share/bash-completion/"))
        #expect(rendered.standardOutput.contains("--allow-data-loss"))
    }

    @Test("mandoc's lint at -W warning finds nothing", .enabled(if: mandoc.runs))
    func mandocLint() throws {
        let lint = try runOnFile(Self.mandoc, ["-T", "lint", "-W", "warning"], text: Self.page, named: "kiln.1")
        #expect(lint.status == 0 && lint.standardOutput.isEmpty && lint.standardError.isEmpty, "\(lint.standardOutput)")
    }
}
