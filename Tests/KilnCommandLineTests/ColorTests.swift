import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("Colour on standard error, in-process")
struct ColorTests {
    @Test("on a terminal diagnostics are coloured as clang colours them: bold location, red error, magenta warning")
    func terminal() throws {
        let folder = try brokenShop()
        let result = kiln(["check"], in: folder.url, environment: [:], terminal: true)
        #expect(result.status == 1)
        let error =
            "\u{1B}[1mmigrations/shop/0002_break.sql:2:8:\u{1B}[0m \(colouredError) \u{1B}[1mnear \"TABL\": syntax error\u{1B}[0m\n"
        #expect(result.standardError.contains(error), "\(result.standardError)")
        #expect(result.standardError.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
        #expect(result.standardError.contains("\u{1B}[1;36mnote:\u{1B}[0m "))
        #expect(!result.standardOutput.contains("\u{1B}"), "standard output never carries colour")
    }

    @Test("without colour the text is byte for byte the coloured text without its escapes")
    func plainIsIdentical() throws {
        let folder = try brokenShop()
        let plain = kiln(["status"], in: folder.url, environment: [:])
        let coloured = kiln(["status", "--color", "always"], in: folder.url, environment: [:])
        #expect(!plain.standardError.contains("\u{1B}"))
        #expect(coloured.standardError.contains(colouredError))
        #expect(withoutEscapes(coloured.standardError) == plain.standardError)
        #expect(
            plain.standardError.hasPrefix("migrations/shop/0002_break.sql:2:8: error: near \"TABL\": syntax error\n"))
    }

    @Test(
        "colour goes away with NO_COLOR, TERM=dumb, --color never or a pipe, and comes with --color always or CLICOLOR_FORCE",
        arguments: [
            ([String](), [String: String](), true, true),
            (["--color", "never"], [:], true, false),
            ([], ["NO_COLOR": "1"], true, false),
            ([], ["TERM": "dumb"], true, false),
            ([], [:], false, false),
            (["--color", "always"], [:], false, true),
            (["--color=always"], ["NO_COLOR": "1"], false, true),
            ([], ["CLICOLOR_FORCE": "1"], false, true),
            ([], ["CLICOLOR_FORCE": "0"], false, false),
        ])
    func choices(options: [String], environment: [String: String], terminal: Bool, coloured: Bool) throws {
        let folder = try brokenShop()
        let result = kiln(["status"] + options, in: folder.url, environment: environment, terminal: terminal)
        #expect(result.status == 1)
        #expect(result.standardError.contains(colouredError) == coloured, "\(result.standardError)")
        #expect(result.standardError.contains("\u{1B}") == coloured)
    }

    @Test("a usage error is coloured like a diagnostic, also when parsing failed, and --color never is honoured")
    func usageError() throws {
        let folder = try TemporaryDirectory()
        let coloured = kiln(["migrate", "--bogus", "--color", "always"], in: folder.url, environment: [:])
        #expect(coloured.status == 64)
        #expect(coloured.standardError.hasPrefix("kiln migrate: \(colouredError) \u{1B}[1munknown option '--bogus'"))
        let plain = kiln(["migrate", "--bogus", "--color", "never"], in: folder.url, environment: [:], terminal: true)
        #expect(
            plain.standardError.hasPrefix("kiln migrate: error: unknown option '--bogus'"), "\(plain.standardError)")
        #expect(withoutEscapes(coloured.standardError) == plain.standardError)
    }

    @Test("the renderer without colour is Diagnostic.formatted(), with colour a note's message stays plain")
    func renderer() {
        let location = SourceLocation(path: "a.sql", line: 3, column: 4)
        let diagnostic = Diagnostic(.warning, "careful", at: location, hint: "do this")
        #expect(DiagnosticText(colors: false).render(diagnostic) == diagnostic.formatted())
        let note = DiagnosticText(colors: true).render(Diagnostic(.note, "by the way"), tool: "kiln seed")
        #expect(note == "kiln seed: \u{1B}[1;36mnote:\u{1B}[0m by the way")
    }
}
