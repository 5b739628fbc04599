import Foundation
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kiln and a project root that is not a project, in-process")
struct ProjectRootTests {
    @Test("build --root typo is an error naming the folder, and writes nothing: no typo/build, the manifest kept")
    func mistypedRoot() throws {
        let project = try ShopProject()
        let built = try project.kiln("build", "--out", "out")
        #expect(built.status == 0, "\(built.standardError)")
        let manifest = try project.folder.read("out/kiln-manifest.json")
        let result = try project.kiln("build", "--root", "typo", "--out", "out")
        #expect(result.status == 1)
        let typo = project.folder.url.appendingPathComponent("typo").path
        #expect(
            result.standardError
                == "kiln: error: project folder \(typo) does not exist\n"
                + "kiln: note: run kiln in the project folder, or name it with --root <dir>\n")
        #expect(!project.folder.exists("typo"))
        #expect(try project.folder.read("out/kiln-manifest.json") == manifest)
    }

    @Test("a root that is a file, or a folder without migrations/, is an error for every command that reads one")
    func notAProject() throws {
        let folder = try TemporaryDirectory()
        try folder.write("file.txt", "not a folder")
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: false)
        let commands: [[String]] = [
            ["build", "--out", "out"], ["check"], ["hash"], ["status"], ["migrate", "shop", "--db", "x.sqlite"],
            ["seed", "shop", "--db", "x.sqlite"], ["reset", "shop", "--db", "x.sqlite"], ["schema", "shop"],
        ]
        for command in commands {
            let onFile = kiln(command + ["--root", "file.txt"], in: folder.url)
            #expect(onFile.status == 1)
            #expect(
                onFile.standardError.hasPrefix(
                    "kiln: error: project folder \(folder.path("file.txt")) is a regular file, not a folder\n"),
                "\(command): \(onFile.standardError)")
            let empty = kiln(command + ["--root", "empty"], in: folder.url)
            #expect(empty.status == 1)
            #expect(
                empty.standardError.hasPrefix(
                    "kiln: error: \(folder.path("empty")) is not a kiln project: it has no migrations/ folder\n"),
                "\(command): \(empty.standardError)")
        }
        #expect(try FileSystemContents.names(in: folder.path("empty")).isEmpty)
        #expect(!folder.exists("x.sqlite") && !folder.exists("out") && !folder.exists("empty/build"))
    }

    @Test("kiln new adds to a project but never starts one, not even in a folder named with --root")
    func newNeedsAProject() throws {
        let folder = try folderWithoutProject()
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: false)
        let refused = kiln(["new", "shop", "create", "item", "--root", "empty"], in: folder.url)
        #expect(refused.status == 1)
        #expect(
            refused.standardError == "kiln: error: \(folder.path("empty")) is not a kiln project: it has neither "
                + "kiln.json nor a migrations/ folder\n"
                + "kiln: note: name a project folder, or run 'kiln init --root <dir>' to start one there\n")
        #expect(try FileSystemContents.names(in: folder.path("empty")).isEmpty)
        let missing = kiln(["new", "shop", "create", "item", "--root", "typo"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("kiln: error: project folder \(folder.path("typo")) does not exist\n"))
        #expect(!folder.exists("typo"))
        try folder.write("empty/kiln.json", "{}")
        let created = kiln(["new", "shop", "create", "item", "--root", "empty"], in: folder.url)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput == "migrations/shop/0001_create_item.sql\n")
    }

    @Test("the library's KilnProject refuses a missing root and checks migrations/ on request")
    func library() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.url.appendingPathComponent("nope")
        let error = try #require(throws: KilnProjectRootError.self) { try KilnProject(root: missing) }
        #expect(error.reason == .missing)
        #expect(error.root == missing.path)
        let project = try KilnProject(root: folder.url)
        let noMigrations = try #require(throws: KilnProjectRootError.self) { try project.checkMigrationsFolder() }
        #expect(noMigrations.reason == .noMigrationsFolder)
        try folder.write("migrations", "a file")
        let notFolder = try #require(throws: KilnProjectRootError.self) {
            try KilnProject.requiringMigrations(root: folder.url)
        }
        #expect(notFolder.reason == .migrationsNotAFolder(.regularFile))
    }
}

/// The names in a folder.
private enum FileSystemContents {
    static func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
    }
}
