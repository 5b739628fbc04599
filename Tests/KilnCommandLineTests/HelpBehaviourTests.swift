import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("version and help behave as git's and swift's do")
struct HelpBehaviourTests {
    @Test("kiln version, --version and -v print the version on stdout and exit 0")
    func version() {
        let results = [["version"], ["--version"], ["-v"]].map { kiln($0, columns: 80) }
        for result in results {
            #expect(result.status == 0 && result.standardError.isEmpty)
            #expect(result.standardOutput == results[0].standardOutput)
        }
        #expect(results[0].standardOutput.split(separator: "\n").count == 1)
    }

    @Test("kiln --help, -h and help print the root help on stdout; kiln alone prints it on stderr and exits 64")
    func rootHelp() {
        let results = [["--help"], ["-h"], ["help"]].map { kiln($0, columns: 80) }
        for result in results {
            #expect(result.status == 0 && result.standardError.isEmpty)
            #expect(result.standardOutput == results[0].standardOutput)
        }
        #expect(results[0].standardOutput.hasPrefix("OVERVIEW: kiln turns"))
        let bare = kiln([], columns: 80)
        #expect(bare.status == 64 && bare.standardOutput.isEmpty)
        #expect(bare.standardError == results[0].standardOutput)
    }

    @Test("kiln help <cmd> prints what kiln <cmd> --help and -h print, for every command; kiln help help too")
    func commandHelp() {
        for spec in KilnTool.allSpecs {
            let viaHelp = kiln(["help", spec.name], columns: 80)
            #expect(viaHelp.status == 0 && viaHelp.standardOutput.hasPrefix("OVERVIEW: "))
            for flag in ["--help", "-h"] {
                let viaFlag = kiln([spec.name, flag], columns: 80)
                #expect(viaFlag.status == 0, "kiln \(spec.name) \(flag)")
                #expect(viaFlag.standardOutput == viaHelp.standardOutput, "kiln \(spec.name) \(flag)")
            }
        }
        let helpOfHelp = kiln(["help", "help"], columns: 80).standardOutput
        #expect(helpOfHelp.contains("USAGE: kiln help [<subcommand>] [--man]\n"))
        #expect(!helpOfHelp.contains("--root"), "help takes no common option")
    }

    @Test("kiln help with an unknown subcommand exits 64 and suggests the nearest")
    func unknown() {
        let result = kiln(["help", "migrat"], columns: 80)
        #expect(result.status == 64 && result.standardOutput.isEmpty)
        #expect(result.standardError.contains("unknown subcommand 'migrat'"))
        #expect(result.standardError.contains("did you mean 'migrate'?"))
        #expect(kiln(["help", "--mna"], columns: 80).status == 64)
    }

    @Test("kiln completions without a shell, or with an unknown one, is a usage error that suggests")
    func completionsShell() {
        #expect(kiln(["completions"], columns: 80).status == 64)
        let typo = kiln(["completions", "bsah"], columns: 80)
        #expect(typo.status == 64 && typo.standardError.contains("did you mean 'bash'?"))
        let help = kiln(["help", "completions"], columns: 80).standardOutput
        #expect(help.contains("source <(kiln completions bash)") && help.contains("~/.zsh/completion/_kiln"))
        #expect(!help.contains("list-databases"), "the scripts' own option stays hidden")
        let shapes = [
            ("bash", "# bash completion for kiln,", "\ncomplete -F _kiln kiln\n"),
            ("zsh", "#compdef kiln\n", "\n    compdef _kiln kiln\nfi\n"),
            ("fish", "# fish completion for kiln,", "\n"),
        ]
        for (shell, start, end) in shapes {
            let script = kiln(["completions", shell], columns: 80)
            #expect(script.status == 0 && script.standardError.isEmpty, "\(shell)")
            #expect(script.standardOutput.hasPrefix(start) && script.standardOutput.hasSuffix(end), "\(shell)")
            #expect(script.standardOutput.count > 2000, "\(shell): a whole script, not a line")
        }
        #expect(kiln(["completions", "fish"], columns: 80).standardOutput.contains("\ncomplete -c kiln -f\n"))
    }
}
