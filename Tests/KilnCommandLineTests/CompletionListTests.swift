import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("kiln completions --list-databases finds the project as every command does and prints only valid names")
struct CompletionListTests {
    /// A project with databases `shop` and `countries` and folders no database may be named, and a subfolder.
    static func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for name in ["shop", "countries", "$(touch PWNED)", "a b", "9lives", "-x"] {
            try folder.write("migrations/\(name)/0001_create.sql", "CREATE TABLE t (id INTEGER);\n")
        }
        try folder.write("app/sub/.keep", "")
        return folder
    }

    @Test("from a subfolder without --root: the names that pass the rule, sorted, and nothing on standard error")
    func subfolder() throws {
        let folder = try Self.project()
        let result = kiln(["completions", "bash", "--list-databases"], in: folder.url.appendingPathComponent("app/sub"), adding: [:])
        #expect(result.status == 0)
        #expect(result.standardOutput == "countries\nshop\n")
        #expect(result.standardError.isEmpty, "no 'using project at' line for a shell to show")
    }

    @Test("KILN_ROOT and --root name the project from anywhere")
    func named() throws {
        let folder = try Self.project()
        let outside = try folderWithoutProject()
        let viaEnvironment = kiln(
            ["completions", "bash", "--list-databases"], in: outside.url, adding: ["KILN_ROOT": folder.url.path])
        #expect(viaEnvironment.standardOutput == "countries\nshop\n")
        let viaRoot = kiln(["completions", "bash", "--list-databases", "--root", folder.url.path], in: outside.url, adding: [:])
        #expect(viaRoot.standardOutput == "countries\nshop\n")
    }

    @Test("no project, a KILN_ROOT naming nothing, a --root naming nothing: nothing at all, and success")
    func silent() throws {
        let outside = try folderWithoutProject()
        let runs = [
            kiln(["completions", "bash", "--list-databases"], in: outside.url, adding: [:]),
            kiln(["completions", "bash", "--list-databases"], in: outside.url, adding: ["KILN_ROOT": "/no/such/kiln/root"]),
            kiln(["completions", "bash", "--list-databases", "--root", "missing"], in: outside.url, adding: [:]),
        ]
        for result in runs {
            #expect(result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result)")
        }
    }
}
