import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Writes `text` to a file in a new temporary folder and runs `tool` with `arguments` and the file's path.
func runOnFile(_ tool: ExternalTool, _ arguments: [String], text: String, named name: String) throws -> ProcessResult {
    let folder = try TemporaryDirectory()
    let path = try folder.write(name, text)
    return try tool.run(arguments + [path])
}

@Suite("completion scripts and the man page come from the command specs and load in their shells")
struct CompletionScriptTests {
    static let bash = ExternalTool("bash")
    static let zsh = ExternalTool("zsh")
    static let fish = ExternalTool("fish")
    static let mandoc = ExternalTool("mandoc")

    /// A script as `kiln completions <shell>` prints it.
    static func script(_ shell: String) -> String {
        kiln(["completions", shell], columns: 80).standardOutput
    }

    @Test("bash -n accepts the bash script", .enabled(if: bash.runs))
    func bashSyntax() throws {
        let result = try runOnFile(Self.bash, ["-n"], text: Self.script("bash"), named: "kiln.bash")
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test("zsh -n accepts the zsh script", .enabled(if: zsh.runs))
    func zshSyntax() throws {
        let result = try runOnFile(Self.zsh, ["-n"], text: Self.script("zsh"), named: "_kiln")
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test("fish -n accepts the fish script", .enabled(if: fish.runs))
    func fishSyntax() throws {
        let result = try runOnFile(Self.fish, ["-n"], text: Self.script("fish"), named: "kiln.fish")
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
    }

    /// The text of shell function `name` in `script`, from its opening line to its closing `}`.
    static func function(_ name: String, in script: String) -> String? {
        guard let start = script.range(of: "\n\(name)() {\n") else { return nil }
        guard let end = script.range(of: "\n}\n", range: start.upperBound..<script.endIndex) else { return nil }
        return String(script[start.lowerBound..<end.upperBound])
    }

    /// `words` as the bash script quotes them for `_kiln_reply words`.
    static func bashWords(_ words: [String]) -> String {
        "_kiln_reply words " + words.map { "'\($0)'" }.joined(separator: " ")
    }

    @Test("bash: one case line and one function per subcommand, offering exactly its options and choices")
    func bashPerCommand() throws {
        let script = Self.script("bash")
        let firstWords = KilnTool.allSpecs.map(\.name) + ["-v", "--version", "-h", "--help"]
        #expect(script.contains("    if ((COMP_CWORD == 1)); then\n        \(Self.bashWords(firstWords))\n"))
        for spec in KilnTool.allSpecs {
            let name = spec.name.replacingOccurrences(of: "-", with: "_")
            #expect(
                script.components(separatedBy: "\n        \(spec.name)) _kiln_\(name) ;;\n").count == 2, "\(spec.name)")
            let body = try #require(Self.function("_kiln_\(name)", in: script), "\(spec.name)")
            let spellings = spec.completedOptions.flatMap { ($0.shortName.map { ["-\($0)"] } ?? []) + ["--\($0.name)"] }
            #expect(
                body.contains("    if [[ \"$cur\" == -* ]]; then\n        \(Self.bashWords(spellings))\n"),
                "\(spec.name)")
            for option in spec.completedOptions {
                if case .choices(let names) = option.completion {
                    #expect(body.contains("--\(option.name)) \(Self.bashWords(names)); return ;;"), "\(spec.name)")
                }
            }
        }
        #expect(!script.contains("compgen -W"), "compgen -W expands its words")
        #expect(script.components(separatedBy: "--list-databases").count == 2, "only the call back into kiln")
    }

    @Test("zsh: one subcommand entry, case line and _arguments function per subcommand, with every option")
    func zshPerCommand() throws {
        let script = Self.script("zsh")
        #expect(script.contains("\n        '(- *)'{-v,--version}'[Show the version.]' \\\n"))
        #expect(script.contains("\n        '(- *)'{-h,--help}'[Show help information.]' \\\n"))
        for spec in KilnTool.allSpecs {
            let name = spec.name.replacingOccurrences(of: "-", with: "_")
            let entry = "\(spec.name):\(spec.abstract)".replacingOccurrences(of: "'", with: "'\\''")
            #expect(script.contains("\n        '\(entry)'\n"), "\(spec.name)")
            #expect(script.components(separatedBy: "\n            (\(spec.name)) _kiln_\(name) ;;\n").count == 2)
            let body = try #require(Self.function("_kiln_\(name)", in: script), "\(spec.name)")
            #expect(body.hasPrefix("\n_kiln_\(name)() {\n    _arguments -s \\\n"), "\(spec.name)")
            for option in spec.completedOptions {
                let spelled =
                    option.shortName.map { ["{-\($0),--\(option.name)}'["] }
                    ?? ["--\(option.name)[", "--\(option.name)=["]
                #expect(spelled.contains { body.contains($0) }, "\(spec.name) --\(option.name)")
                if case .choices(let names) = option.completion {
                    #expect(body.contains(":\(option.valueName!):(\(names.joined(separator: " ")))'"), "\(spec.name)")
                }
            }
        }
        #expect(script.components(separatedBy: "--list-databases").count == 2, "only the call back into kiln")
    }

    @Test("fish: one complete line per subcommand and per option, conditioned on that subcommand")
    func fishPerCommand() {
        let script = Self.script("fish")
        #expect(script.components(separatedBy: "--list-databases").count == 2, "only the call back into kiln")
        let lines = Set(script.split(separator: "\n").map(String.init))
        #expect(lines.contains("complete -c kiln -n __kiln_subcommand_is -s v -l version -d 'Show the version.'"))
        #expect(lines.contains("complete -c kiln -n __kiln_subcommand_is -s h -l help -d 'Show help information.'"))
        for spec in KilnTool.allSpecs {
            let abstract = spec.abstract.replacingOccurrences(of: "'", with: "\\'")
            #expect(lines.contains("complete -c kiln -n __kiln_subcommand_is -a \(spec.name) -d '\(abstract)'"))
            let own = script.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("complete -c kiln -n '__kiln_subcommand_is \(spec.name)' ")
            }
            for option in spec.completedOptions {
                let short = option.shortName.map { " -s \($0)" } ?? ""
                let named = own.filter { $0.contains("'\(short) -l \(option.name) ") }
                // The option's line, with its help, comes last: fish describes an option by the last line naming it.
                #expect(
                    named.last?.hasSuffix(" -d '\(option.help.replacingOccurrences(of: "'", with: "\\'"))'") == true)
                if case .choices(let names) = option.completion {
                    #expect(named.count == 2 && named[0].contains(" -x -a '") && !named[0].contains(" -d "))
                    #expect(names.allSatisfy { named[0].contains("'\($0)") || named[0].contains(" \($0)") })
                } else {
                    #expect(named.count == 1, "\(spec.name) --\(option.name)")
                }
            }
            let choices = spec.completedOptions.filter { if case .choices = $0.completion { true } else { false } }
            let arguments = spec.arguments.filter { $0.completion != .none }
            #expect(own.count == spec.completedOptions.count + choices.count + arguments.count)
        }
    }

    @Test("choice options complete their values: --color, --mode, --format, --from")
    func choices() throws {
        let seed = try #require(KilnTool.allSpecs.first { $0.name == "seed" })
        #expect(
            seed.completedOptions.first { $0.name == "mode" }?.completion == .choices(["insert", "upsert", "sync"]))
        #expect(
            seed.completedOptions.first { $0.name == "color" }?.completion == .choices(["auto", "always", "never"]))
        #expect(seed.completedOptions.first { $0.name == "db" }?.completion == .file)
        #expect(seed.completedOptions.first { $0.name == "root" }?.completion == .folder)
        #expect(seed.arguments.first?.completion == .database)
        let schema = try #require(KilnTool.allSpecs.first { $0.name == "schema" })
        #expect(
            schema.options.first { $0.name == "format" }?.completion == .choices(["sql", "mermaid", "dot", "json"]))
    }

    @Test(
        "the man page passes mandoc's lint and names every subcommand, argument and option", .enabled(if: mandoc.runs))
    func manPage() throws {
        let page = kiln(["help", "--man"], columns: 80)
        #expect(page.status == 0 && page.standardOutput.hasPrefix(".Dd "))
        let lint = try runOnFile(
            Self.mandoc, ["-T", "lint", "-W", "warning"], text: page.standardOutput, named: "kiln.1")
        #expect(lint.status == 0 && lint.standardOutput.isEmpty && lint.standardError.isEmpty, "\(lint.standardOutput)")
        for spec in KilnTool.allSpecs {
            #expect(page.standardOutput.contains("\n.Cm \(spec.name)\n"), "\(spec.name)")
            for argument in spec.arguments { #expect(page.standardOutput.contains("Ar \(argument.name)")) }
            for option in spec.visibleOptions + spec.commonOptions {
                #expect(page.standardOutput.contains("Fl \\-\(option.name)"), "\(spec.name) --\(option.name)")
            }
        }
        #expect(!page.standardOutput.contains("list-databases"))
    }
}
