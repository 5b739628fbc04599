import KilnBuild
import Testing

@testable import KilnCommandLine

@Suite("Argument parser")
struct ArgumentParserTests {
    static let spec = CommandSpec(
        name: "migrate", abstract: "x",
        arguments: [.init(name: "database", help: "")],
        options: [
            .init(name: "db", valueName: "file", help: "", isRequired: true),
            .init(name: "dry-run", valueName: nil, help: ""),
        ])

    @Test("options take values with a space or '='; flags take none; '--' ends options")
    func parses() throws {
        let parsed = try ArgumentParser.parse(["countries", "--db=a.sqlite", "--dry-run"], spec: Self.spec)
        #expect(parsed.argument("database") == "countries")
        #expect(parsed.options["db"] == "a.sqlite")
        #expect(parsed.flag("dry-run"))
        let dashed = try ArgumentParser.parse(["--db", "a", "--", "--weird-name"], spec: Self.spec)
        #expect(dashed.argument("database") == "--weird-name")
    }

    @Test(
        "usage errors say what is wrong and suggest the nearest option",
        arguments: [
            (["countries", "--db", "a", "--dryrun"], "unknown option '--dryrun'", "did you mean '--dry-run'?"),
            (["countries", "--db"], "missing value for '--db <file>'", nil),
            (["--db", "a"], "missing expected argument '<database>'", nil),
            (["countries"], "missing expected option '--db <file>'", nil),
            (["countries", "extra", "--db", "a"], "unexpected argument 'extra'", nil),
            (["countries", "--db", "a", "--db", "b"], "option '--db' was given more than once", nil),
            (["countries", "--db", "a", "--dry-run=yes"], "flag '--dry-run' does not take a value", nil),
            (["countries", "--db", "a", "-x"], "unknown option '-x'", nil),
        ] as [([String], String, String?)])
    func errors(arguments: [String], message: String, hint: String?) {
        #expect(throws: UsageError(message: message, hint: hint, command: "migrate")) {
            try ArgumentParser.parse(arguments, spec: Self.spec)
        }
    }

    @Test("help lists usage, arguments and every option")
    func help() {
        let text = HelpFormatter.help(of: Self.spec)
        #expect(text.contains("USAGE: kiln migrate <database> --db <file> [--dry-run] [--root <dir>]"))
        #expect(text.contains("  -h, --help"))
        #expect(text.contains("ARGUMENTS:\n  <database>"))
    }

    @Test("KilnTool maps outcomes to exit statuses 0, 1 and 64")
    func exitStatuses() {
        var output = ""
        var errors = ""
        let collect: (String) -> Void = { output += $0 }
        let collectErrors: (String) -> Void = { errors += $0 }
        #expect(KilnTool.run(["--version"], standardOutput: collect, standardError: collectErrors) == 0)
        #expect(output == "0.1.0\n")
        #expect(KilnTool.run(["stauts"], standardOutput: collect, standardError: collectErrors) == 64)
        #expect(errors.contains("kiln: error: unknown subcommand 'stauts'\nkiln: note: did you mean 'status'?"))
        #expect(
            KilnTool.run(
                ["schema", "nothing", "--root", "/nonexistent-kiln-root"], standardOutput: collect,
                standardError: collectErrors) == 1)
    }
}
