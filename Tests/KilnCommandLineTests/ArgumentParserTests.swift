import Foundation
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("Argument parser")
struct ArgumentParserTests {
    static let database = Argument<String>(name: "database", help: "")
    static let db = Option<CommandLinePath>(name: "db", valueName: "file", help: "")
    static let dryRun = Option<Bool>(flag: "dry-run", help: "")
    static let spec = CommandSpec(
        name: "migrate", abstract: "x", arguments: [database.declaration],
        options: [db.declaration, dryRun.declaration])
    static let folder = URL(fileURLWithPath: "/projects/shop")

    /// Parses a command line that is not a request for help.
    static func parse(_ arguments: [String], spec: CommandSpec = spec) throws -> ParsedArguments {
        switch try ArgumentParser.parse(arguments, spec: spec, currentDirectory: folder) {
        case .run(let parsed): return parsed
        case .help: throw UsageError(message: "unexpected help", hint: nil, command: nil)
        }
    }

    @Test("options take values with a space or '='; flags take none; '--' ends options")
    func parses() throws {
        let parsed = try Self.parse(["countries", "--db=a.sqlite", "--dry-run"])
        #expect(parsed[Self.database] == "countries")
        #expect(parsed[Self.db].text == "a.sqlite")
        #expect(parsed[Self.dryRun])
        let dashed = try Self.parse(["--db", "a", "--", "--weird-name"])
        #expect(dashed[Self.database] == "--weird-name")
        #expect(!dashed[Self.dryRun])
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
            try ArgumentParser.parse(arguments, spec: Self.spec, currentDirectory: Self.folder)
        }
    }

    @Test("-h and --help ask for help, even with arguments missing, and may be repeated")
    func helpRequests() throws {
        for arguments in [["-h"], ["--help"], ["countries", "--help", "-h"]] {
            let outcome = try ArgumentParser.parse(arguments, spec: Self.spec, currentDirectory: Self.folder)
            guard case .help = outcome else {
                Issue.record("\(arguments) did not ask for help")
                continue
            }
        }
    }

    @Test("a path is resolved against the command's current folder; absolute paths and SQLite names stay")
    func paths() throws {
        #expect(try Self.parse(["x", "--db", "a.sqlite"])[Self.db].path == "/projects/shop/a.sqlite")
        #expect(try Self.parse(["x", "--db", "/tmp/a.sqlite"])[Self.db].path == "/tmp/a.sqlite")
        #expect(try Self.parse(["x", "--db", ":memory:"])[Self.db].path == ":memory:")
        #expect(try Self.parse(["x", "--db", "file:a.db?mode=ro"])[Self.db].path == "file:a.db?mode=ro")
        let root = try Self.parse(["x", "--db", "a", "--root", "../other/./p"])[CommonOptions.root]
        #expect(root?.folderURL.path == "/projects/other/p")
        #expect(root?.text == "../other/./p")
    }

    @Test("a version option reads as Int32?, from 0 to Int32.max; anything else is a usage error")
    func versions() throws {
        let to = Option<Int32?>(name: "to", valueName: "version", help: "")
        let spec = CommandSpec(name: "migrate", abstract: "x", options: [to.declaration])
        #expect(try Self.parse([], spec: spec)[to] == nil)
        #expect(try Self.parse(["--to", "0"], spec: spec)[to] == 0)
        #expect(try Self.parse(["--to=2147483647"], spec: spec)[to] == Int32.max)
        for text in ["two", "-1", "2147483648", ""] {
            #expect(
                throws: UsageError(
                    message: "'--to' takes a version number from 0 to 2147483647, not '\(text)'", hint: nil,
                    command: "migrate")
            ) { try Self.parse(["--to", text], spec: spec) }
        }
    }

    @Test("a choice reads as its case, with a default; another name lists the choices and suggests one")
    func choices() throws {
        let mode = Option<SeedMode>(name: "mode", valueName: "mode", help: "", default: .insert)
        let spec = CommandSpec(name: "seed", abstract: "x", options: [mode.declaration])
        #expect(try Self.parse([], spec: spec)[mode] == .insert)
        #expect(try Self.parse(["--mode", "sync"], spec: spec)[mode] == .sync)
        #expect(
            throws: UsageError(
                message: "'--mode' takes insert, upsert or sync, not 'upsrt'", hint: "did you mean 'upsert'?",
                command: "seed")
        ) { try Self.parse(["--mode", "upsrt"], spec: spec) }
        #expect(HelpFormatter.usage(of: spec).contains("[--mode <mode>]"))
    }

    @Test("a repeatable option keeps every value in order; a database list keeps a repeated name once")
    func lists() throws {
        let only = Option<[String]>(name: "only", valueName: "table", help: "")
        let databases = Argument.databases(help: "")
        let spec = CommandSpec(
            name: "build", abstract: "x", arguments: [databases.declaration], options: [only.declaration])
        let none = try Self.parse([], spec: spec)
        #expect(none[databases] == [] && none[only] == [])
        let parsed = try Self.parse(["b", "a", "b", "--only", "t", "--only=u", "a"], spec: spec)
        #expect(parsed[databases] == ["b", "a"])
        #expect(parsed[only] == ["t", "u"])
        #expect(HelpFormatter.usage(of: spec) == "kiln build [<database> ...] [--only <table>] ... [--root <dir>]")
    }

    @Test("a repeating argument that is not optional needs a value, and keeps repeated words")
    func words() throws {
        let words = Argument<[String]>(name: "words", help: "")
        let spec = CommandSpec(name: "new", abstract: "x", arguments: [words.declaration])
        #expect(try Self.parse(["add", "a", "a"], spec: spec)[words] == ["add", "a", "a"])
        #expect(throws: UsageError(message: "missing expected argument '<words>'", hint: nil, command: "new")) {
            try Self.parse([], spec: spec)
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
        let run = { (arguments: [String]) in
            KilnTool.run(
                arguments, standardOutput: collect, standardError: collectErrors, environment: TestEnvironment.kiln)
        }
        #expect(run(["--version"]) == 0)
        #expect(output == "0.1.0\n")
        #expect(run(["stauts"]) == 64)
        #expect(errors.contains("kiln: error: unknown subcommand 'stauts'\nkiln: note: did you mean 'status'?"))
        #expect(
            run(["schema", "nothing", "--root", "/nonexistent-kiln-root"]) == 1)
    }

    @Test("every command's options and arguments have distinct names, so a value is read by exactly one declaration")
    func distinctNames() {
        for command in KilnTool.commands {
            let spec = command.spec
            let options = spec.allOptions.map(\.name)
            let letters = spec.allOptions.compactMap(\.shortName)
            let arguments = spec.arguments.map(\.name)
            #expect(Set(options).count == options.count, "\(spec.name): \(options)")
            #expect(Set(letters).count == letters.count, "\(spec.name): \(letters)")
            #expect(Set(arguments).count == arguments.count, "\(spec.name): \(arguments)")
        }
    }
}
