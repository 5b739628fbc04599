import Foundation
import KilnTestSupport
import Testing

/// `text` in single quotes for bash, zsh or fish (a `'` inside closes, escapes and reopens them).
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

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

    /// What bash's completion function offers for `words` (the last being completed), one list per line in
    /// `cases`, in `directory`, kiln being `program` (the first word on the line) and `setup` run first.
    static func bashReplies(
        _ cases: [[String]], in directory: URL, program: String = KilnBinary.url.path, setup: String = ""
    ) throws -> [[String]] {
        let script = try KilnBinary.run(["completions", "bash"], in: directory).standardOutput
        var text = script + "\n" + setup + "\n"
        for words in cases {
            let quoted = ([program] + words).map(shellQuoted).joined(separator: " ")
            text += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); _kiln; (IFS=$'\\t'; echo \"${COMPREPLY[*]}\")\n"
        }
        let folder = try TemporaryDirectory()
        let path = try folder.write("run.bash", text)
        let result = try bash.run(["--norc", "--noprofile", path], in: directory)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            $0.split(separator: "\t").map(String.init)
        }
    }

    @Test("bash: kiln migrate <TAB> offers both databases; options after -, choices, files, --root honoured", .enabled(if: bash.runs))
    func bashCompletes() throws {
        let project = try twoDatabaseProject()
        let replies = try Self.bashReplies(
            [
                ["migrate", ""], ["migrate", "-"], ["seed", "shop", "--mode", ""], ["mig"],
                ["migrate", "shop", "--db", "sho"], ["migrate", "--db", "x.sqlite", "c"],
            ], in: project.url)
        #expect(replies[0] == ["countries", "shop"])
        let options = replies[1]
        #expect(["--db", "--to", "--dry-run", "--root", "--color", "-q", "--help"].allSatisfy(options.contains))
        #expect(!options.contains("--list-databases"))
        #expect(replies[2] == ["insert", "upsert", "sync"])
        #expect(replies[3] == ["migrate"])
        #expect(replies[4] == ["shop.sqlite"])
        #expect(replies[5] == ["countries"], "an option's value is no positional argument")
        let outside = try TemporaryDirectory()
        let away = try Self.bashReplies([["build", "--root", project.path("."), ""]], in: outside.url)
        #expect(away[0] == ["countries", "shop"], "the --root on the line names the project")
    }

    /// What zsh's `_kiln_databases` hands `_describe` with `words` on the line (kiln first), in `directory`,
    /// after `setup`; the first line is the `compdef` the script runs when sourced.
    static func zshDatabases(_ words: [String], in directory: URL, setup: String = "") throws -> [String] {
        let folder = try TemporaryDirectory()
        let path = try folder.write("_kiln", try KilnBinary.run(["completions", "zsh"], in: directory).standardOutput)
        // compdef and _describe belong to zsh's completion system, which needs a terminal; stand-ins record
        // what the script hands them.
        let program = """
            \(setup)
            compdef() { print -r -- "compdef $*" }
            _describe() { print -rl -- ${(P)4} }
            source \(shellQuoted(path))
            words=(\(words.map(shellQuoted).joined(separator: " ")))
            _kiln_program=$words[1]
            _kiln_databases
            """
        let result = try zsh.run(["-f", try folder.write("run.zsh", program)], in: directory)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// What fish offers (the candidates, without descriptions) for the command line `line`, in `directory`,
    /// after `setup`.
    static func fishOffers(_ line: String, in directory: URL, setup: String = "") throws -> [String] {
        let folder = try TemporaryDirectory()
        let path = try folder.write("kiln.fish", try KilnBinary.run(["completions", "fish"], in: directory).standardOutput)
        let command = "\(setup); source \(shellQuoted(path)); complete -C \(shellQuoted(line))"
        let result = try fish.run(["--no-config", "-c", command], in: directory)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    @Test("zsh: the script loads and its database completion lists both databases, honouring --root", .enabled(if: zsh.runs))
    func zshCompletes() throws {
        let project = try twoDatabaseProject()
        let outside = try TemporaryDirectory()
        let offered = try Self.zshDatabases([KilnBinary.url.path, "migrate", "--root", project.url.path, ""], in: outside.url)
        #expect(offered == ["compdef _kiln kiln", "countries", "shop"])
    }

    @Test("fish: kiln migrate <TAB> offers both databases", .enabled(if: fish.runs))
    func fishCompletes() throws {
        let project = try twoDatabaseProject()
        let offered = try Self.fishOffers("\(KilnBinary.url.path) migrate ", in: project.url)
        #expect(offered == ["countries", "shop"])
    }
}

extension CompletionEndToEndTests {
    /// What an interactive zsh (compinit on, on a pseudo-terminal through zpty) shows when each of `lines` is
    /// typed in `directory` followed by Tab; `tools` holds `kiln` and `_kiln` and goes first on `PATH` and
    /// `fpath`.
    ///
    /// The driver waits for what it expects, never for a moment of silence: for the prompt before it types, and
    /// after each Tab for every one of that line's `shows` (at most a minute each; then it prints all it read
    /// and exits 1), before it clears the line. Typing ahead of a completion would make zsh skip its list.
    static func zshTyped(_ lines: [(typed: String, shows: [String])], tools: TemporaryDirectory, in directory: URL)
        throws -> ProcessResult
    {
        let typing = lines.map { line in
            "tab " + ([line.typed] + line.shows).map(shellQuoted).joined(separator: " ") + " || fail"
        }
        let driver = """
            zmodload zsh/zpty
            typeset -F SECONDS
            local all=""
            # Reads the terminal until what it showed since the last call holds every one of "$@", for at most 60 s.
            await() {
                local seen="" chunk word
                local -F deadline=$(( SECONDS + 60 ))
                while (( SECONDS < deadline )); do
                    if zpty -r -t z chunk; then seen+=$chunk; all+=$chunk; else sleep 0.05; fi
                    for word in "$@"; do [[ $seen == *"$word"* ]] || continue 2; done
                    return 0
                done
                print -r -- "no $* on the terminal after 60 s" >&2
                return 1
            }
            # Types $1 and Tab, waits for the rest of the arguments to be shown, and clears the line.
            tab() { zpty -wn z "$1"$'\\t' && shift && await "$@" && zpty -wn z $'\\C-u' }
            fail() { print -r -- "$all"; exit 1 }
            zpty z zsh -f -i
            # The prompt as shown, 'ready% ', is not in the echo of the command that sets it: seeing it means zsh
            # has run everything typed so far.
            zpty -w z 'PS1="ready%% "; path=(\(tools.url.path) $path); fpath=(\(tools.url.path) $fpath); autoload -U compinit; compinit -u -D'
            await 'ready% ' || fail
            zpty -w z \(shellQuoted("cd " + shellQuoted(directory.path)))
            await 'ready% ' || fail
            \(typing.joined(separator: "\n"))
            zpty -d z
            print -r -- "$all"
            """
        return try zsh.run(["-f", try tools.write("drive.zsh", driver)], in: directory)
    }

    @Test("zsh, interactively: Tab after kiln migrate, --mode and -- lists databases, modes and options", .enabled(if: zsh.runs))
    func zshInteractive() throws {
        let project = try twoDatabaseProject()
        let tools = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: tools.path("kiln"), withDestinationPath: KilnBinary.url.path)
        _ = try tools.write("_kiln", try KilnBinary.run(["completions", "zsh"], in: project.url).standardOutput)
        let result = try Self.zshTyped(
            [
                ("kiln migrate ", ["countries", "shop"]), ("kiln seed shop --mode ", ["insert", "upsert", "sync"]),
                ("kiln migrate shop --", ["--db", "--dry-run", "--color", "--quiet"]),
            ], tools: tools, in: project.url)
        let shown = result.standardOutput
        #expect(result.status == 0, "\(result.standardError)")
        for expected in ["countries", "shop", "insert", "upsert", "sync", "--db", "--dry-run", "--color", "--quiet"] {
            #expect(shown.contains(expected), "\(expected) in \(shown)")
        }
    }
}
