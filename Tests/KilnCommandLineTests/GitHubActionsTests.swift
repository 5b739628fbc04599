import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("GitHub Actions workflow commands, in-process")
struct GitHubActionsTests {
    static let syntaxError =
        "::error file=migrations/shop/0002_break.sql,line=2,col=8,title=kiln [build-failed]::near \"TABL\": syntax error%0Anote: "

    @Test("a failing kiln check under GITHUB_ACTIONS=true prints ::error and ::warning lines with file, line and col")
    func failingCheck() throws {
        let folder = try brokenShop()
        let result = kiln(["check"], in: folder.url, environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(Self.syntaxError) }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("::warning file=migrations/shop/0002_break.sql,line=1,col=1,title=kiln [drop-table]::")
            })
        #expect(lines.contains { $0.hasPrefix("::error file=migrations/shop,line=1,col=1,title=kiln [sum-missing]::") })
        #expect(lines.contains("migrations/shop/0002_break.sql:2:8: error: near \"TABL\": syntax error"), "text stays")
        #expect(!result.standardOutput.contains("::"), "standard output keeps only the summary")
        let plain = kiln(["check"], in: folder.url, environment: [:])
        #expect(!plain.standardError.contains("::"), "nothing of it outside GitHub Actions")
    }

    @Test("under --json standard output stays one document while the workflow commands go to standard error")
    func json() throws {
        let folder = try brokenShop()
        for command in ["check", "status", "build"] {
            let result = kiln([command, "--json"], in: folder.url, environment: ["GITHUB_ACTIONS": "true"])
            #expect(result.status == 1)
            _ = try oneDocument(result.standardOutput)
            // Only check's findings carry a rule's code in their title.
            let expected =
                command == "check" ? Self.syntaxError : Self.syntaxError.replacing(" [build-failed]", with: "")
            #expect(result.standardError.contains(expected), "\(command): \(result.standardError)")
        }
    }

    @Test("with --root below GITHUB_WORKSPACE the file is named from the repository root")
    func workspace() throws {
        let repository = try TemporaryDirectory()
        try repository.write("db/migrations/shop/0001_create.sql", "CREATE TABLE a (id INTEGER PRIMARY KEY);\n")
        try repository.write("db/migrations/shop/0002_break.sql", "DROP TABLE a;\nCREATE TABL b (x);\n")
        let environment = ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": repository.url.path]
        let result = kiln(["status", "--root", "db"], in: repository.url, environment: environment)
        #expect(result.standardError.contains("::error file=db/migrations/shop/0002_break.sql,line=2,col=8,"))
        #expect(result.standardError.contains("migrations/shop/0002_break.sql:2:8: error:"), "the text is unchanged")
    }

    @Test("a usage error is annotated too, without a file")
    func usage() throws {
        let folder = try TemporaryDirectory()
        let result = kiln(["migrate", "--bogus"], in: folder.url, environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("\n::error title=kiln migrate::unknown option '--bogus'"))
    }

    @Test("messages escape %, CR and LF; properties also escape : and ,")
    func escaping() {
        #expect(WorkflowCommand.escapeData("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(WorkflowCommand.escapeProperty("a:b,c%d\n") == "a%3Ab%2Cc%25d%0A")
        let record = DiagnosticRecord(
            Diagnostic(
                .error, "100% wrong\nreally", at: SourceLocation(path: "odd,name:1.sql", line: 3, column: 4),
                hint: "fix it", code: "a,b"))
        #expect(
            WorkflowCommand.line(for: record, file: "odd,name:1.sql", title: "kiln")
                == "::error file=odd%2Cname%3A1.sql,line=3,col=4,title=kiln [a%2Cb]::100%25 wrong%0Areally%0Anote: fix it"
        )
        let note = DiagnosticRecord(Diagnostic(.note, "fyi"))
        #expect(WorkflowCommand.line(for: note, file: nil, title: "kiln seed") == "::notice title=kiln seed::fyi")
    }

    @Test(
        "repository paths: relative to the workspace when it holds the file, absolute outside it, as given without it")
    func repositoryPaths() throws {
        let root = URL(fileURLWithPath: "/work/repo/db")
        #expect(WorkflowCommand.repositoryPath("m/a.sql", root: root, workspace: "/work/repo") == "db/m/a.sql")
        #expect(
            WorkflowCommand.repositoryPath("m/a.sql", root: root, workspace: "/elsewhere") == "/work/repo/db/m/a.sql")
        #expect(WorkflowCommand.repositoryPath("m/a.sql", root: root, workspace: nil) == "m/a.sql")
        #expect(WorkflowCommand.repositoryPath("/work/repo/x.sql", root: root, workspace: "/work/repo/") == "x.sql")
    }

    @Test("SARIF names files from GITHUB_WORKSPACE even without GITHUB_ACTIONS, so tests run without it")
    func workspaceWithoutActions() throws {
        #expect(TestEnvironment.outputVariables.contains("GITHUB_WORKSPACE"))
        #expect(TestEnvironment.kiln["GITHUB_WORKSPACE"] == nil)
        let repository = try TemporaryDirectory()
        try repository.write("db/migrations/shop/0001_create.sql", "CREATE TABL a (x);\n")
        let result = kiln(
            ["check", "--root", "db", "--format", "sarif"], in: repository.url,
            environment: ["GITHUB_WORKSPACE": repository.url.path])
        #expect(result.standardOutput.contains("\"uri\" : \"db/migrations/shop/0001_create.sql\""))
    }
}
