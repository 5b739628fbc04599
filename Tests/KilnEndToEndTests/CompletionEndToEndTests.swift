import Foundation
import KilnTestSupport
import Testing

/// A project with two databases, `countries` and `shop`, and a file `shop.sqlite`, to complete in.
func twoDatabaseProject() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    for name in ["countries", "shop"] {
        try folder.write("migrations/\(name)/0001_create.sql", "CREATE TABLE \(name) (id INTEGER PRIMARY KEY);\n")
    }
    try folder.write("shop.sqlite", "")
    try folder.write("elsewhere/.keep", "")
    return folder
}

@Suite("completion scripts complete from the real kiln, in the real shells")
struct CompletionEndToEndTests {
    static let bash = ExternalTool("bash")
    static let zsh = ExternalTool("zsh")
    static let fish = ExternalTool("fish")

    /// What bash's completion function offers for `words` (the last being completed), one run per line in
    /// `cases`, in `directory`.
    static func bashReplies(_ cases: [[String]], in directory: URL) throws -> [String] {
        let script = try KilnBinary.run(["completions", "bash"], in: directory).standardOutput
        var program = script + "\n"
        for words in cases {
            let quoted = ([KilnBinary.url.path] + words).map { "'\($0)'" }.joined(separator: " ")
            program += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); _kiln; echo \"${COMPREPLY[*]}\"\n"
        }
        let folder = try TemporaryDirectory()
        let path = try folder.write("run.bash", program)
        let result = try bash.run(["--norc", "--noprofile", path], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("bash: kiln migrate <TAB> offers both databases; options after -, choices, files, --root honoured", .enabled(if: bash.runs))
    func bashCompletes() throws {
        let project = try twoDatabaseProject()
        let replies = try Self.bashReplies(
            [
                ["migrate", ""], ["migrate", "-"], ["seed", "shop", "--mode", ""], ["mig"],
                ["migrate", "shop", "--db", "sho"], ["migrate", "--db", "x.sqlite", "c"],
            ], in: project.url)
        #expect(replies[0] == "countries shop")
        let options = replies[1].split(separator: " ").map(String.init)
        #expect(["--db", "--to", "--dry-run", "--root", "--color", "-q", "--help"].allSatisfy(options.contains))
        #expect(!options.contains("--list-databases"))
        #expect(replies[2] == "insert upsert sync")
        #expect(replies[3] == "migrate")
        #expect(replies[4] == "shop.sqlite")
        #expect(replies[5] == "countries", "an option's value is no positional argument")
        let away = try Self.bashReplies([["build", "--root", project.path("."), ""]], in: project.url.appendingPathComponent("elsewhere"))
        #expect(away[0] == "countries shop", "the --root on the line names the project")
    }

    @Test("zsh: the script loads and its database completion lists both databases, honouring --root", .enabled(if: zsh.runs))
    func zshCompletes() throws {
        let project = try twoDatabaseProject()
        let script = try KilnBinary.run(["completions", "zsh"], in: project.url).standardOutput
        let folder = try TemporaryDirectory()
        let path = try folder.write("_kiln", script)
        // compdef and _describe belong to zsh's completion system, which needs a terminal; stand-ins record
        // what the script hands them.
        let program = """
            compdef() { print -r -- "compdef $*" }
            _describe() { print -rl -- ${(P)4} }
            source \(path)
            words=('\(KilnBinary.url.path)' migrate --root '\(project.url.path)' '')
            _kiln_program=$words[1]
            _kiln_databases
            """
        let run = try folder.write("run.zsh", program)
        let result = try Self.zsh.run(["-f", run], in: project.url.appendingPathComponent("elsewhere"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "compdef _kiln kiln\ncountries\nshop\n")
    }

    @Test("fish: kiln migrate <TAB> offers both databases", .enabled(if: fish.runs))
    func fishCompletes() throws {
        let project = try twoDatabaseProject()
        let script = try KilnBinary.run(["completions", "fish"], in: project.url).standardOutput
        let folder = try TemporaryDirectory()
        let path = try folder.write("kiln.fish", script)
        let command = "source \(path); complete -C '\(KilnBinary.url.path) migrate '"
        let result = try Self.fish.run(["--no-config", "-c", command], in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        let offered = result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) }
        #expect(offered.contains("countries") && offered.contains("shop"), "\(result.standardOutput)")
    }
}
