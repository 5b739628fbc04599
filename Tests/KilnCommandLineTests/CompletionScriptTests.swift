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

    @Test("every script names every subcommand, every visible option and every choice; no hidden option", arguments: ["bash", "zsh", "fish"])
    func singleSource(shell: String) {
        let script = Self.script(shell)
        for spec in KilnTool.allSpecs {
            #expect(script.contains(spec.name), "\(shell): \(spec.name)")
            for option in spec.completedOptions {
                #expect(script.contains(shell == "fish" ? "-l \(option.name)" : "--\(option.name)"), "\(shell): \(spec.name) --\(option.name)")
                if case .choices(let names) = option.completion {
                    #expect(script.contains(names.joined(separator: " ")), "\(shell): \(spec.name) --\(option.name)")
                }
            }
        }
        #expect(!script.contains("list-databases ") || script.contains("completions --list-databases"))
        #expect(script.components(separatedBy: "--list-databases").count == 2, "only the call back into kiln")
    }

    @Test("choice options complete their values: --color, --mode, --format, --from")
    func choices() throws {
        let seed = try #require(KilnTool.allSpecs.first { $0.name == "seed" })
        #expect(seed.completedOptions.first { $0.name == "mode" }?.completion == .choices(["insert", "upsert", "sync"]))
        #expect(seed.completedOptions.first { $0.name == "color" }?.completion == .choices(["auto", "always", "never"]))
        #expect(seed.completedOptions.first { $0.name == "db" }?.completion == .file)
        #expect(seed.completedOptions.first { $0.name == "root" }?.completion == .folder)
        #expect(seed.arguments.first?.completion == .database)
        let schema = try #require(KilnTool.allSpecs.first { $0.name == "schema" })
        #expect(schema.options.first { $0.name == "format" }?.completion == .choices(["sql", "mermaid", "dot", "json"]))
    }

    @Test("the man page passes mandoc's lint and names every subcommand, argument and option", .enabled(if: mandoc.runs))
    func manPage() throws {
        let page = kiln(["help", "--man"], columns: 80)
        #expect(page.status == 0 && page.standardOutput.hasPrefix(".Dd "))
        let lint = try runOnFile(Self.mandoc, ["-T", "lint", "-W", "warning"], text: page.standardOutput, named: "kiln.1")
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
