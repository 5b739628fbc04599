import Foundation
import KilnTestSupport
import Testing

@Suite("Colour on a real terminal and in a pipe (the built kiln)")
struct ColorTerminalTests {
    /// The bold red `error:` label.
    static let red = "\u{1B}[1;31merror:\u{1B}[0m"

    /// A project whose second migration has a syntax error, so `kiln status` fails with a located error.
    static func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/shop/0001_create.sql", "CREATE TABLE a (id INTEGER PRIMARY KEY);\n")
        try folder.write("migrations/shop/0002_break.sql", "CREATE TABL b (x);\n")
        return folder
    }

    @Test("on a terminal the error is coloured; NO_COLOR, TERM=dumb and --color never take the colour away")
    func terminal() throws {
        let folder = try Self.project()
        let coloured = try KilnBinary.runInTerminal(["status"], in: folder.url)
        #expect(coloured.status == 1)
        #expect(
            coloured.normalized.contains(
                "\u{1B}[1mmigrations/shop/0002_break.sql:1:8:\u{1B}[0m \(Self.red) \u{1B}[1mnear \"TABL\": syntax error"
            ),
            "\(coloured.text)")
        let cases: [([String], [String: String])] = [
            (["status"], ["NO_COLOR": "1"]), (["status"], ["TERM": "dumb"]), (["status", "--color", "never"], [:]),
        ]
        for (arguments, environment) in cases {
            let plain = try KilnBinary.runInTerminal(arguments, in: folder.url, environment: environment)
            #expect(plain.status == 1)
            #expect(!plain.text.contains("\u{1B}["), "\(arguments) \(environment): \(plain.text)")
            #expect(plain.normalized.contains("migrations/shop/0002_break.sql:1:8: error: near \"TABL\": syntax error"))
        }
    }

    @Test("into a pipe there is no colour, unless --color always or CLICOLOR_FORCE asks for it")
    func pipe() throws {
        let folder = try Self.project()
        let piped = try KilnBinary.run(["status"], in: folder.url)
        #expect(piped.status == 1 && !piped.standardError.contains("\u{1B}"), "\(piped.standardError)")
        #expect(
            piped.standardError.hasPrefix("migrations/shop/0002_break.sql:1:8: error: near \"TABL\": syntax error\n"))
        let always = try KilnBinary.run(["status", "--color", "always"], in: folder.url)
        #expect(always.standardError.contains(Self.red), "\(always.standardError)")
        let forced = try KilnBinary.run(["status"], in: folder.url, environment: ["CLICOLOR_FORCE": "1"])
        #expect(forced.standardError.contains(Self.red), "\(forced.standardError)")
        let both = try KilnBinary.run(
            ["status"], in: folder.url, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!both.standardError.contains("\u{1B}"), "NO_COLOR wins over CLICOLOR_FORCE")
    }

    @Test("a usage error on a terminal is coloured too")
    func usage() throws {
        let folder = try TemporaryDirectory()
        let result = try KilnBinary.runInTerminal(["migrate", "--bogus"], in: folder.url)
        #expect(result.status == 64)
        #expect(
            result.normalized.contains("kiln migrate: \(Self.red) \u{1B}[1munknown option '--bogus'"), "\(result.text)")
    }
}
