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

extension CompletionEndToEndTests {
    @Test("zsh, interactively: Tab after kiln migrate, --mode and -- lists databases, modes and options", .enabled(if: zsh.runs))
    func zshInteractive() throws {
        let project = try twoDatabaseProject()
        let tools = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: tools.path("kiln"), withDestinationPath: KilnBinary.url.path)
        _ = try tools.write("_kiln", try KilnBinary.run(["completions", "zsh"], in: project.url).standardOutput)
        // zsh's zpty runs an interactive zsh with compinit on a pseudo-terminal; each line is typed, then Tab.
        let driver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z 'PS1="> "; path=(\(tools.url.path) $path); fpath=(\(tools.url.path) $fpath); autoload -U compinit; compinit -u -D'
            zpty -w z 'cd \(project.url.path)'
            local all="" chunk line quiet got
            for line in 'kiln migrate ' 'kiln seed shop --mode ' 'kiln migrate shop --'; do
                zpty -wn z "$line"$'\\t'
                quiet=0 got=0
                for i in {1..100}; do
                    if zpty -r -t z chunk; then all+=$chunk; got=1; quiet=0; else quiet=$((quiet + 1)); fi
                    (( got && quiet >= 10 )) && break
                    sleep 0.1
                done
                zpty -wn z $'\\C-u'
            done
            zpty -d z
            print -r -- "$all"
            """
        let path = try tools.write("drive.zsh", driver)
        let result = try Self.zsh.run(["-f", path], in: project.url)
        let shown = result.standardOutput
        #expect(result.status == 0, "\(result.standardError)")
        for expected in ["countries", "shop", "insert", "upsert", "sync", "--db", "--dry-run", "--color", "--quiet"] {
            #expect(shown.contains(expected), "\(expected) in \(shown)")
        }
    }
}
