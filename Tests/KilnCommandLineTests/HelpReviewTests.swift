import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// The help, usage and completion shapes a user's review found wrong (review U13, U14, U15, U17, U18).
@Suite("root help places the common options, usage lines show what is needed, help --man takes no subcommand")
struct HelpReviewTests {
    @Test("root help lists -h, --help once and says the common options go after the subcommand")
    func rootHelpCommonOptions() {
        let help = kiln(["help"], columns: 80).standardOutput
        #expect(help.components(separatedBy: "-h, --help").count == 2, "\(help)")
        let common = help.components(separatedBy: "COMMON OPTIONS:\n").last ?? ""
        #expect(common.hasPrefix("  Every subcommand but help takes these after the subcommand's name"))
        #expect(common.contains("--color <when>") && common.contains("-q, --quiet"))
    }

    @Test(
        "a common option before the subcommand is a usage error whose hint says where it goes",
        arguments: [
            (["--color", "never", "build"], "kiln <subcommand> --color <when>"),
            (["--color=never", "build"], "kiln <subcommand> --color <when>"),
            (["-q", "status"], "kiln <subcommand> --quiet"),
            (["--root", "x", "status"], "kiln <subcommand> --root <dir>"),
        ])
    func commonOptionFirst(arguments: [String], hint: String) {
        let result = kiln(arguments, columns: 80)
        #expect(result.status == 64)
        #expect(result.standardError.contains("note: common options go after the subcommand: \(hint)\n"))
        #expect(!result.standardError.contains("did you mean"))
    }

    @Test("an unknown option before the subcommand still suggests a subcommand, not a place")
    func unknownOptionFirst() {
        let result = kiln(["--bogus"], columns: 80)
        #expect(result.status == 64 && !result.standardError.contains("common options go after"))
    }

    @Test("completions shows <shell> as required and still asks for it; version shows no common option but --help")
    func usageLines() {
        let completions = kiln(["completions", "--help"], columns: 80).standardOutput
        #expect(completions.contains("USAGE: kiln completions <shell> [--root <dir>]\n"))
        #expect(kiln(["completions"], columns: 80).status == 64)
        let version = kiln(["version", "--help"], columns: 80)
        #expect(version.status == 0 && version.standardOutput.contains("USAGE: kiln version\n"))
        #expect(!version.standardOutput.contains("--root") && !version.standardOutput.contains("COMMON OPTIONS"))
        #expect(version.standardOutput.contains("  -h, --help "))
        #expect(kiln(["help", "version"], columns: 80).standardOutput == version.standardOutput)
        #expect(kiln(["version", "-h"], columns: 80).standardOutput == version.standardOutput)
        #expect(HelpFormatter.usage(of: VersionCommand.spec) == "kiln version")
        // A command that needs no project but takes an argument keeps --root (init starts a project there).
        #expect(HelpFormatter.usage(of: InitCommand.spec) == "kiln init [<database>] [--root <dir>]")
    }

    @Test("only a bare command that needs no project hides the common options", arguments: KilnTool.allSpecs)
    func shownCommonOptions(spec: CommandSpec) {
        let bare = !spec.needsProject && spec.arguments.isEmpty && spec.visibleOptions.isEmpty
        if !spec.takesCommonOptions {
            #expect(spec.shownCommonOptions.isEmpty)
        } else if bare {
            #expect(spec.shownCommonOptions.map(\.name) == ["help"])
        } else {
            #expect(spec.shownCommonOptions.map(\.name) == CommonOptions.all.map(\.name))
        }
    }

    @Test(
        "help --man with a subcommand is a usage error; with an unknown one, that one is named",
        arguments: [
            (["help", "--man", "build"], "'kiln help --man' prints the whole manual and takes no subcommand"),
            (["help", "build", "--man"], "'kiln help --man' prints the whole manual and takes no subcommand"),
            (["help", "extra", "--man"], "unknown subcommand 'extra'"),
        ])
    func manTakesNoSubcommand(arguments: [String], message: String) {
        let result = kiln(arguments, columns: 80)
        #expect(result.status == 64 && result.standardOutput.isEmpty)
        #expect(result.standardError.contains("error: \(message)"), "\(result.standardError)")
    }

    @Test("fish describes each choice value by its own meaning, or not at all, never by the option's help")
    func fishValueDescriptions() {
        let script = kiln(["completions", "fish"], columns: 80).standardOutput
        let lines = script.split(separator: "\n").map(String.init)
        let mode = lines.first { $0.contains("'__kiln_subcommand_is seed'") && $0.contains("-l mode -x -a") }
        #expect(mode?.contains(#"insert\\t\'insert every row; an existing key is an error\'"#) == true, "\(mode ?? "")")
        let format = lines.first { $0.contains("'__kiln_subcommand_is schema'") && $0.contains("-l format -x -a") }
        #expect(format?.hasSuffix(" -x -a 'sql mermaid dot json'") == true, "\(format ?? "")")
        for line in lines where line.contains(" -x -a '") && !line.contains("(") {
            #expect(!line.contains(" -d "), "\(line)")
        }
    }

    @Test("init's <database> is a new name: it completes to nothing, while migrate's completes to databases")
    func initDatabaseIsNew() {
        #expect(InitCommand.spec.arguments.first?.completion == CompletionKind.none)
        #expect(MigrateCommand.spec.arguments.first?.completion == .database)
        let fish = kiln(["completions", "fish"], columns: 80).standardOutput
        #expect(!fish.contains("'__kiln_subcommand_is init' -f -a '(__kiln_databases)'"))
        #expect(fish.contains("'__kiln_subcommand_is migrate' -f -a '(__kiln_databases)'"))
    }
}
