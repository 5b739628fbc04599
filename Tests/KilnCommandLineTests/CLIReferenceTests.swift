import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// `docs/cli-reference.md`: `kiln help --markdown`, generated from the command definitions help, the man page
/// and the completion scripts are made from, checked in so the reference reads on GitHub.
@Suite("docs/cli-reference.md is kiln help --markdown, and stays current")
struct CLIReferenceTests {
    /// The checked-in reference.
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/cli-reference.md")

    /// `kiln help --markdown`.
    static var generated: String { kiln(["help", "--markdown"], columns: 80).standardOutput }

    @Test("the checked-in file is what kiln help --markdown prints; KILN_RECORD_DOCS=1 rewrites it")
    func current() throws {
        let generated = Self.generated
        var text = (try? String(contentsOf: Self.file, encoding: .utf8)) ?? ""
        if text != generated, ProcessInfo.processInfo.environment["KILN_RECORD_DOCS"] == "1" {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
            text = try String(contentsOf: Self.file, encoding: .utf8)
        }
        #expect(
            text == generated,
            """
            docs/cli-reference.md is stale: run `KILN_RECORD_DOCS=1 swift test --filter CLIReferenceTests` \
            (or `swift run kiln help --markdown > docs/cli-reference.md`) and commit the file
            """)
    }

    @Test("every subcommand has a section with its usage line, and every visible option and argument is listed")
    func everyCommandAndOption() {
        let text = Self.generated
        for spec in KilnTool.allSpecs {
            #expect(text.contains("\n### kiln \(spec.name)\n"), "\(spec.name)")
            #expect(text.contains("\n```text\n\(HelpFormatter.usage(of: spec))\n```\n"), "\(spec.name)")
            for option in spec.visibleOptions {
                #expect(text.contains("- `\(HelpFormatter.optionLabel(option))`: "), "\(spec.name) --\(option.name)")
            }
            for argument in spec.arguments {
                #expect(text.contains("- `\(HelpFormatter.argumentLabel(argument))`: "), "\(spec.name) \(argument.name)")
            }
        }
        for variable in EnvironmentVariable.all { #expect(text.contains("\n- `\(variable.name)`: "), "\(variable.name)") }
    }

    @Test("--markdown is hidden: not in kiln help help, the man page or the completion scripts")
    func hidden() {
        #expect(!kiln(["help", "help"], columns: 80).standardOutput.contains("markdown"))
        #expect(!kiln(["help", "--man"], columns: 80).standardOutput.contains("markdown"))
        for shell in ["bash", "zsh", "fish"] {
            #expect(!kiln(["completions", shell], columns: 80).standardOutput.contains("--markdown"), "\(shell)")
        }
    }

    @Test("kiln help --markdown takes no subcommand, as --man takes none")
    func noSubcommand() {
        let result = kiln(["help", "--markdown", "build"], columns: 80)
        #expect(result.status == 64 && result.standardOutput.isEmpty)
        #expect(result.standardError.contains("'kiln help --markdown' prints the whole reference and takes no subcommand"))
        #expect(kiln(["help", "--man", "build"], columns: 80).standardError.contains(
            "'kiln help --man' prints the whole manual and takes no subcommand"))
    }

    @Test(
        "help text becomes Markdown: quoted commands and code words in backticks, markup characters escaped",
        arguments: [
            ("Reads kiln.json.", "Reads `kiln.json`."),
            ("(default: KILN_ROOT, else 80)", "(default: `KILN_ROOT`, else 80)"),
            ("'kiln help <subcommand>' lists them", "`kiln help <subcommand>` lists them"),
            ("keeps 'abc' (or 'x y').", "keeps `'abc'` (or `'x y'`)."),
            ("the project's and the tools' names", "the project's and the tools' names"),
            ("a *star* and [brackets]", "a \\*star\\* and \\[brackets\\]"),
            ("e.g. this", "e.g. this"),
        ])
    func inline(help: String, markdown: String) {
        #expect(MarkdownReference.inline(help) == markdown)
    }
}
