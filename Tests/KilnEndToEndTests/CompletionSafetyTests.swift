import Foundation
import KilnTestSupport
import Testing

/// Names that run `touch PWNED` if a shell ever expands them, and `*`, which a glob would turn into file names.
let hostileNames = ["$(touch PWNED)", "`touch PWNED`", "a b", "*"]

/// A project with a database `shop` and migration folders named after ``hostileNames``.
func hostileProject() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    for name in ["shop"] + hostileNames {
        try folder.write("migrations/\(name)/0001_create.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY);\n")
    }
    return folder
}

/// A stand-in for kiln that answers `--list-databases` with `shop` and ``hostileNames``, as an older or
/// modified kiln might: the scripts must stay safe whatever kiln prints.
func hostileKiln(in folder: TemporaryDirectory) throws -> String {
    let lines = (["shop"] + hostileNames).map(shellQuoted).joined(separator: " ")
    let path = try folder.write("kiln", "#!/bin/sh\nprintf '%s\\n' \(lines)\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
}

@Suite("completion scripts never expand a database name or anything kiln prints, and unquote what is typed")
struct CompletionSafetyTests {
    @Test("bash: hostile folder names are never run; kiln offers only valid names", .enabled(if: CompletionEndToEndTests.bash.runs))
    func bashHostile() throws {
        let project = try hostileProject()
        let replies = try CompletionEndToEndTests.bashReplies([["migrate", ""]], in: project.url)
        #expect(replies == [["shop"]])
        let tools = try TemporaryDirectory()
        let fake = try CompletionEndToEndTests.bashReplies(
            [["migrate", ""], ["migrate", "$"]], in: project.url, program: try hostileKiln(in: tools))
        #expect(fake == [["shop"] + hostileNames, ["$(touch PWNED)"]], "matched as plain text, never split or globbed")
        #expect(!project.exists("PWNED"))
    }

    @Test("zsh: hostile names reach _describe as plain text and nothing runs", .enabled(if: CompletionEndToEndTests.zsh.runs))
    func zshHostile() throws {
        let project = try hostileProject()
        let offered = try CompletionEndToEndTests.zshDatabases([KilnBinary.url.path, "migrate", ""], in: project.url)
        #expect(offered == ["compdef _kiln kiln", "shop"])
        let tools = try TemporaryDirectory()
        let fake = try CompletionEndToEndTests.zshDatabases([try hostileKiln(in: tools), "migrate", ""], in: project.url)
        #expect(fake == ["compdef _kiln kiln", "shop"] + hostileNames)
        #expect(!project.exists("PWNED"))
    }

    @Test("zsh, interactively: Tab with hostile names offered runs nothing", .enabled(if: CompletionEndToEndTests.zsh.runs))
    func zshInteractiveHostile() throws {
        let project = try hostileProject()
        let tools = try TemporaryDirectory()
        _ = try hostileKiln(in: tools)
        _ = try tools.write("_kiln", try KilnBinary.run(["completions", "zsh"], in: project.url).standardOutput)
        // Tab after `s` completes the one name it starts: the terminal shows `hop` after the `s` already there.
        let result = try CompletionEndToEndTests.zshTyped(
            [("kiln migrate ", ["shop", "a b"]), ("kiln migrate s", ["hop"])], tools: tools, in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("shop"), "\(result.standardOutput)")
        #expect(!project.exists("PWNED"))
    }

    @Test("fish: hostile names are offered as plain text and nothing runs", .enabled(if: CompletionEndToEndTests.fish.runs))
    func fishHostile() throws {
        let project = try hostileProject()
        let offered = try CompletionEndToEndTests.fishOffers("\(KilnBinary.url.path) migrate ", in: project.url)
        #expect(offered == ["shop"])
        let tools = try TemporaryDirectory()
        let fake = try CompletionEndToEndTests.fishOffers("\(try hostileKiln(in: tools)) migrate ", in: project.url)
        #expect(Set(fake) == Set(["shop"] + hostileNames))
        #expect(!project.exists("PWNED"))
    }
}

/// A folder holding a project in `my project/` (two databases), a file `my file.sqlite` and a folder `away/`
/// outside the project, with the shell's `HOME` set to it so `~/my project` names the project.
struct SpacedProject {
    let folder: TemporaryDirectory
    var root: String { folder.path("my project") }
    var away: URL { folder.url.appendingPathComponent("away") }
    var home: String { "export HOME=\(shellQuoted(folder.url.path))" }

    init() throws {
        folder = try TemporaryDirectory()
        for name in ["countries", "shop"] {
            try folder.write("my project/migrations/\(name)/0001_create.sql", "CREATE TABLE t (id INTEGER);\n")
        }
        try folder.write("away/my file.sqlite", "")
    }
}

@Suite("completion scripts keep file names with spaces whole and unquote --root as the shell would")
struct CompletionQuotingTests {
    @Test("bash: a file name with a space is one reply, typed plain, quoted or escaped", .enabled(if: CompletionEndToEndTests.bash.runs))
    func bashSpacedFile() throws {
        let project = try SpacedProject()
        let replies = try CompletionEndToEndTests.bashReplies(
            [["migrate", "a", "--db", "my"], ["migrate", "a", "--db", "'my f"], ["migrate", "a", "--db", "my\\ f"]],
            in: project.away)
        #expect(replies == [["my file.sqlite"], ["my file.sqlite"], ["my file.sqlite"]])
    }

    @Test("bash: --root typed in quotes, with a backslash, with ~ or after = reaches kiln as the shell passes it", .enabled(if: CompletionEndToEndTests.bash.runs))
    func bashRoot() throws {
        let project = try SpacedProject()
        let replies = try CompletionEndToEndTests.bashReplies(
            [
                ["migrate", "--root", "\"\(project.root)\"", ""], ["migrate", "--root", "'\(project.root)'", ""],
                ["migrate", "--root", project.root.replacingOccurrences(of: " ", with: "\\ "), ""],
                ["migrate", "--root", "~/my\\ project", ""], ["migrate", "--root", "=", "~/'my project'", ""],
                ["migrate", "--root", "\"~/my project\"", ""],
            ], in: project.away, setup: project.home)
        let both = ["countries", "shop"]
        #expect(replies == [both, both, both, both, both, []], "a quoted ~ stays a ~, as in bash")
    }

    @Test("zsh: --root typed in quotes or with ~ reaches kiln as the shell passes it", .enabled(if: CompletionEndToEndTests.zsh.runs))
    func zshRoot() throws {
        let project = try SpacedProject()
        let kiln = KilnBinary.url.path
        for root in ["\"\(project.root)\"", "'\(project.root)'", "~/my\\ project", "~/'my project'"] {
            let offered = try CompletionEndToEndTests.zshDatabases(
                [kiln, "migrate", "--root", root, ""], in: project.away, setup: project.home)
            #expect(offered == ["compdef _kiln kiln", "countries", "shop"], "\(root)")
            let joined = try CompletionEndToEndTests.zshDatabases(
                [kiln, "migrate", "--root=\(root)", ""], in: project.away, setup: project.home)
            #expect(joined == ["compdef _kiln kiln", "countries", "shop"], "--root=\(root)")
        }
    }

    @Test("fish: --root typed in quotes or with ~ reaches kiln as the shell passes it", .enabled(if: CompletionEndToEndTests.fish.runs))
    func fishRoot() throws {
        let project = try SpacedProject()
        let kiln = KilnBinary.url.path
        let setup = "set -gx HOME \(shellQuoted(project.folder.url.path))"
        for root in ["'\(project.root)'", "~/my\\ project", "--root=~/'my project'"] {
            let line = "\(kiln) migrate \(root.hasPrefix("--") ? root : "--root " + root) "
            let offered = try CompletionEndToEndTests.fishOffers(line, in: project.away, setup: setup)
            #expect(offered == ["countries", "shop"], "\(root)")
        }
    }
}

@Suite("database names complete wherever kiln finds the project: a subfolder, KILN_ROOT")
struct CompletionDiscoveryTests {
    @Test("bash: from a subfolder without --root, and with KILN_ROOT from outside", .enabled(if: CompletionEndToEndTests.bash.runs))
    func bashFindsProject() throws {
        let project = try twoDatabaseProject()
        let sub = project.url.appendingPathComponent("elsewhere")
        #expect(try CompletionEndToEndTests.bashReplies([["migrate", ""]], in: sub) == [["countries", "shop"]])
        let outside = try TemporaryDirectory()
        let named = try CompletionEndToEndTests.bashReplies(
            [["migrate", ""]], in: outside.url, setup: "export KILN_ROOT=\(shellQuoted(project.url.path))")
        #expect(named == [["countries", "shop"]])
        #expect(try CompletionEndToEndTests.bashReplies([["migrate", ""]], in: outside.url) == [[]])
    }

    @Test("fish and zsh: from a subfolder without --root", .enabled(if: CompletionEndToEndTests.fish.runs && CompletionEndToEndTests.zsh.runs))
    func otherShellsFindProject() throws {
        let project = try twoDatabaseProject()
        let sub = project.url.appendingPathComponent("elsewhere")
        #expect(try CompletionEndToEndTests.fishOffers("\(KilnBinary.url.path) migrate ", in: sub) == ["countries", "shop"])
        let offered = try CompletionEndToEndTests.zshDatabases([KilnBinary.url.path, "migrate", ""], in: sub)
        #expect(offered == ["compdef _kiln kiln", "countries", "shop"])
    }
}
