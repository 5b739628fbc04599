import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

@Suite("kiln init, in-process")
struct InitCommandTests {
    @Test("init lays out a project whose commented kiln.json loads, which build accepts, and check after hash")
    func startsAProject() throws {
        let folder = try folderWithoutProject()
        let result = kiln(["init", "shop"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("  created migrations/shop/0001_create_tables.sql\n"))
        #expect(result.standardOutput.contains("  created seeds/shop/\n  created migrations/shop/0001"))
        #expect(result.standardOutput.contains("'kiln new shop <description>'"))
        let configuration = try String(contentsOfFile: folder.path("kiln.json"), encoding: .utf8)
        #expect(configuration.hasPrefix("// kiln.json: "))
        #expect(try KilnConfiguration.load(path: folder.path("kiln.json")).databases.keys.sorted() == ["shop"])
        let first = try String(contentsOfFile: folder.path("migrations/shop/0001_create_tables.sql"), encoding: .utf8)
        #expect(first.hasPrefix(MigrationTemplate.marker + ": "))
        #expect(first.contains("\n-- Migration 1 of shop: create tables\n"))
        // The first migration is kiln's template until it holds SQL: build refuses it at its marker.
        let refused = kiln(["build", "--out", "out"], in: folder.url)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "migrations/shop/0001_create_tables.sql:1:1: error: migration 1 is kiln's template, untouched"))
        try folder.write(
            "migrations/shop/0001_create_tables.sql", first + "CREATE TABLE item (id INTEGER PRIMARY KEY);\n")
        #expect(kiln(["build", "--out", "out"], in: folder.url).status == 0)
        #expect(kiln(["hash", "shop"], in: folder.url).status == 0)
        let check = kiln(["check"], in: folder.url)
        #expect(check.status == 0, "\(check.standardError)")
    }

    @Test("without a name the database is named after the folder, made a valid name; --root creates the folder")
    func defaultName() throws {
        let folder = try folderWithoutProject()
        let result = kiln(["init", "--root", "2024 app"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.exists("2024 app/migrations/db_2024_app/0001_create_tables.sql"))
        #expect(ProjectStarter.databaseName(forFolderNamed: "my-shop") == "my-shop")
        #expect(kiln(["init", "../x"], in: folder.url).status == 1)
    }

    @Test("init refuses a folder that already holds kiln.json or migrations/, at it, and writes nothing")
    func refusesAProject() throws {
        let project = try ShopProject()
        let result = try project.kiln("init", "other")
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "migrations:1:1: error: a kiln project already exists in \(project.folder.path("")): it has "
                    + "migrations; nothing was written\n"), "\(result.standardError)")
        #expect(!project.folder.exists("kiln.json") && !project.folder.exists("seeds"))
        let configured = try folderWithoutProject()
        try configured.write("kiln.json", "{}")
        #expect(kiln(["init"], in: configured.url).standardError.hasPrefix("kiln.json:1:1: error: "))
        #expect(!configured.exists("migrations"))
    }

    @Test("a project above is noted, and init starts a separate one as asked")
    func projectAbove() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(
            atPath: project.folder.path("tools"), withIntermediateDirectories: false)
        let result = kiln(["init", "tooling"], in: project.folder.url.appendingPathComponent("tools"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("kiln: note: a kiln project already exists above, in "))
        #expect(project.folder.exists("tools/migrations/tooling/0001_create_tables.sql"))
    }

    @Test("a step that fails takes back every folder and file made before it")
    func allOrNothing() throws {
        let folder = try folderWithoutProject()
        try folder.write("seeds", "a file where seeds/ goes")
        let result = kiln(["init", "shop"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("cannot mkdir \(folder.path("seeds")): File exists"),
            "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == ["seeds"])
    }

    @Test("a file that fails after others were written leaves nothing: files, folders and the created root go")
    func failureAfterFilesWereWritten() throws {
        let folder = try folderWithoutProject()
        let root = folder.url.appendingPathComponent("fresh")
        var written: [String] = []
        #expect(throws: ProjectInitError.self) {
            try ProjectStarter.start(at: root, database: "shop") { text, path in
                guard !path.hasSuffix("/kiln.json") else { throw FileSystemError(.write, path: path, code: ENOSPC) }
                written.append(path)
                return try FileSystem.writeAtomically(Array(text.utf8), to: path, .creatingOnly)
            }
        }
        #expect(written == [root.path + "/migrations/shop/0001_create_tables.sql"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")).isEmpty)
    }

    @Test("under --quiet no project-above note; the Next: paragraph is wrapped to the width; kiln's hint is ours")
    func quietAndWidth() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(
            atPath: project.folder.path("tools"), withIntermediateDirectories: false)
        let tools = project.folder.url.appendingPathComponent("tools")
        let result = kiln(["init", "tooling", "--quiet"], in: tools, adding: ["COLUMNS": "50"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").drop { !$0.hasPrefix("Next:") }
        #expect(lines.count > 3 && lines.allSatisfy { $0.count <= 50 }, "\(result.standardOutput)")
        let error = ProjectInitError(.projectExists("kiln.json"), root: "/p")
        #expect(error.diagnostics.allSatisfy { $0.hint == nil })
        let refused = kiln(["init", "again"], in: tools)
        #expect(
            refused.standardError.hasSuffix("note: add a database to it with 'kiln new <database> <description>'\n"))
    }
}
