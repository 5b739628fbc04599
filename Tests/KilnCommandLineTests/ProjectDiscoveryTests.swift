import Foundation
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Runs kiln in-process in `directory` with `variables` added to the test environment.
func kiln(_ arguments: [String], in directory: URL, adding variables: [String: String]) -> ProcessResult {
    var output = ""
    var errors = ""
    let status = KilnTool.run(
        arguments, currentDirectory: directory, standardOutput: { output += $0 }, standardError: { errors += $0 },
        environment: TestEnvironment.kiln.merging(variables) { $1 })
    return ProcessResult(status: status, standardOutput: output, standardError: errors)
}

/// A fresh folder with no project in it or above it (checked, so a stray kiln.json in /tmp fails loudly).
func folderWithoutProject() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try #require(try ProjectLocator.nearestProject(from: folder.url) == nil, "a kiln project above \(folder.path(""))")
    return folder
}

@Suite("finding the project from a subfolder, KILN_ROOT and --root, in-process")
struct ProjectDiscoveryTests {
    @Test("status in a subfolder finds the project above, says so once, and not under --quiet")
    func subfolder() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(
            atPath: project.folder.path("app/sub"), withIntermediateDirectories: true)
        let sub = project.folder.url.appendingPathComponent("app/sub")
        let result = kiln(["status"], in: sub)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("shop: 2 migrations"))
        #expect(result.standardError == "kiln: using project at ../.. (\(project.folder.path("")))\n")
        let quiet = kiln(["status", "--quiet"], in: sub)
        #expect(quiet.status == 0 && quiet.standardError.isEmpty)
        let atRoot = try project.kiln("status")
        #expect(atRoot.status == 0 && atRoot.standardError.isEmpty)
    }

    @Test("from a subfolder a diagnostic's path opens from there; --absolute-paths stays absolute")
    func diagnosticPaths() throws {
        let project = try ShopProject()
        try project.folder.write("kiln.json", "{\n  \"bogus\": 1\n}\n")
        try FileManager.default.createDirectory(atPath: project.folder.path("app"), withIntermediateDirectories: true)
        let app = project.folder.url.appendingPathComponent("app")
        let result = kiln(["status"], in: app)
        #expect(result.status == 1)
        #expect(result.standardError.contains("\n../kiln.json:2:3: error: "), "\(result.standardError)")
        let absolute = kiln(["status", "--absolute-paths"], in: app)
        #expect(absolute.standardError.contains("\n\(project.folder.path("kiln.json")):2:3: error: "))
        let atRoot = try project.kiln("status")
        #expect(atRoot.standardError.hasPrefix("kiln.json:2:3: error: "))
    }

    @Test("KILN_ROOT names the project (relative to the current folder); --root wins over it")
    func environment() throws {
        let project = try ShopProject()
        let elsewhere = try folderWithoutProject()
        let named = kiln(["status"], in: elsewhere.url, adding: ["KILN_ROOT": project.folder.path("")])
        #expect(named.status == 0 && named.standardError.isEmpty, "\(named.standardError)")
        let relative = kiln(
            ["status"], in: project.folder.url.appendingPathComponent("migrations"), adding: ["KILN_ROOT": ".."])
        #expect(relative.status == 0 && relative.standardError.isEmpty, "\(relative.standardError)")
        let missing = kiln(["status"], in: elsewhere.url, adding: ["KILN_ROOT": "nope"])
        #expect(missing.status == 1)
        #expect(
            missing.standardError == "kiln: error: project folder \(elsewhere.path("nope")) (from KILN_ROOT) does not "
                + "exist\nkiln: note: set KILN_ROOT to a project folder, or unset it to find the project from here\n")
        let notAProject = kiln(["new", "shop", "x"], in: elsewhere.url, adding: ["KILN_ROOT": "."])
        #expect(notAProject.status == 1)
        #expect(
            notAProject.standardError.hasPrefix(
                "kiln: error: \(elsewhere.path("")) (from KILN_ROOT) is not a kiln project: it has neither kiln.json "
                    + "nor a migrations/ folder\n"), "\(notAProject.standardError)")
        let overridden = kiln(
            ["status", "--root", project.folder.path("")], in: elsewhere.url, adding: ["KILN_ROOT": "nope"])
        #expect(overridden.status == 0, "\(overridden.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path("")).isEmpty)
    }

    @Test("with KILN_ROOT a diagnostic's path opens from the current folder, with no 'using' line; --root keeps it")
    func environmentDiagnosticPaths() throws {
        let project = try ShopProject()
        try project.folder.write("kiln.json", "{\n  \"bogus\": 1\n}\n")
        let elsewhere = try folderWithoutProject()
        let parent = { (folder: URL) in folder.resolvingSymlinksInPath().deletingLastPathComponent().path }
        try #require(parent(elsewhere.url) == parent(project.folder.url), "the two folders are not siblings")
        let name = project.folder.url.lastPathComponent
        let sibling = kiln(["status"], in: elsewhere.url, adding: ["KILN_ROOT": "../\(name)"])
        #expect(sibling.status == 1)
        #expect(sibling.standardError.hasPrefix("../\(name)/kiln.json:2:3: error: "), "\(sibling.standardError)")
        #expect(!sibling.standardError.contains("using project at"))
        let rooted = kiln(["status", "--root", "../\(name)"], in: elsewhere.url, adding: [:])
        #expect(rooted.standardError.hasPrefix("kiln.json:2:3: error: "), "\(rooted.standardError)")
        let below = kiln(["status"], in: project.folder.url.deletingLastPathComponent(), adding: ["KILN_ROOT": name])
        #expect(below.standardError.hasPrefix("\(name)/kiln.json:2:3: error: "), "\(below.standardError)")
        let same = kiln(["status"], in: project.folder.url, adding: ["KILN_ROOT": "."])
        #expect(same.standardError.hasPrefix("kiln.json:2:3: error: "), "\(same.standardError)")
    }

    @Test("the way from the current folder to the root: up, down, both, and absolute when far up another branch")
    func way() {
        #expect(ProjectDiscovery.way(from: "/a/b", to: "/a/b") == "")
        #expect(ProjectDiscovery.way(from: "/a/b/c", to: "/a") == "../..")
        #expect(ProjectDiscovery.way(from: "/a/b/c/d/e/f", to: "/a") == "../../../../..")
        #expect(ProjectDiscovery.way(from: "/tmp/noproj", to: "/tmp/broken") == "../broken")
        #expect(ProjectDiscovery.way(from: "/a", to: "/a/b/c") == "b/c")
        #expect(ProjectDiscovery.way(from: "/a/b/c", to: "/x/y/z") == "../../../x/y/z")
        #expect(ProjectDiscovery.way(from: "/a/b/c/d", to: "/srv/shop") == "/srv/shop")
        #expect(ProjectDiscovery.way(from: "/", to: "/srv/shop") == "srv/shop")
    }

    @Test("with no project anywhere above, status, check, build and new say so, exit 1 and write nothing")
    func noProject() throws {
        let folder = try folderWithoutProject()
        try folder.write("sub/migrations", "a file named migrations is no project")
        let sub = folder.url.appendingPathComponent("sub")
        // `import` starts a project where there is none (ImportStartsProjectTests); here it fails at its source.
        let imported = kiln(["import", "a", "b"], in: sub)
        #expect(
            imported.status == 1 && imported.standardError.hasPrefix("kiln: error: b is not a folder of migrations"))
        for command in [["status"], ["check"], ["build"], ["new", "shop", "create", "item"]] {
            let result = kiln(command, in: sub)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.standardError == """
                    kiln: error: no kiln project in \(folder.path("sub")) or any folder above it
                    kiln: note: run 'kiln init' to start one here, or name one with --root <dir> or KILN_ROOT

                    """, "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("sub")) == ["migrations"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == ["sub"])
    }

    @Test("kiln.json alone marks the project: new adds the first database there, status reports it as before")
    func configurationAlone() throws {
        let folder = try folderWithoutProject()
        try folder.write("kiln.json", "// a project\n{}\n")
        try FileManager.default.createDirectory(atPath: folder.path("app"), withIntermediateDirectories: false)
        let app = folder.url.appendingPathComponent("app")
        let status = kiln(["status"], in: app)
        #expect(status.status == 1)
        #expect(
            status.standardError.contains(
                "kiln: error: \(folder.path("")) is not a kiln project: it has no migrations/"))
        let created = kiln(["new", "shop", "create", "item"], in: app)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput == "../migrations/shop/0001_create_item.sql\n")
        #expect(folder.exists("migrations/shop/0001_create_item.sql") && !folder.exists("app/migrations"))
    }

    @Test("from a subfolder build, hash, status, new and schema --write print paths that exist from there")
    func printedPathsOpenFromSubfolder() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(
            atPath: project.folder.path("app/sub"), withIntermediateDirectories: true)
        let sub = project.folder.url.appendingPathComponent("app/sub")
        /// The path printed in `text` after `marker` (or at its start) up to `end`, checked to exist from `sub`.
        func expectExists(_ text: String, after marker: String, until end: Character, _ command: String) {
            let start = marker.isEmpty ? text.startIndex : text.range(of: marker)?.upperBound
            guard let start else {
                Issue.record("\(command): no '\(marker)' in \(text)")
                return
            }
            let path = String(text[start...].prefix { $0 != end })
            #expect(path.hasPrefix("../../"), "\(command): \(path)")
            let resolved = sub.appendingPathComponent(path).standardizedFileURL.path
            #expect(FileManager.default.fileExists(atPath: resolved), "\(command): \(path) from app/sub")
        }
        let built = kiln(["build", "--quiet"], in: sub)
        #expect(built.status == 0, "\(built.standardError)")
        expectExists(built.standardOutput, after: "built ", until: " ", "build")
        let hashed = kiln(["hash", "--quiet"], in: sub)
        expectExists(hashed.standardOutput, after: "", until: ":", "hash")
        let created = kiln(["new", "shop", "add", "tag", "--quiet"], in: sub)
        expectExists(created.standardOutput, after: "", until: "\n", "new")
        let status = kiln(["status", "shop", "--db", "../../build/shop.sqlite", "--quiet"], in: sub)
        expectExists(status.standardOutput, after: "[X] ", until: "\n", "status")
        // The new migration is kiln's untouched template, marked after its path.
        expectExists(status.standardOutput, after: "[ ] ", until: " ", "status")
        let schema = kiln(["schema", "shop", "--write", "--quiet"], in: sub)
        expectExists(schema.standardOutput, after: "wrote ", until: "\n", "schema --write")
        let atRoot = try project.kiln("hash")
        #expect(atRoot.standardOutput == "migrations/shop/kiln.sum: 3 migrations\n")
    }

    @Test("version, completions and init need no project: KILN_ROOT naming nothing does not stop them")
    func commandsWithoutProject() throws {
        let folder = try folderWithoutProject()
        let without = KilnTool.allSpecs.filter { !$0.needsProject }.map(\.name).sorted()
        #expect(without == ["completions", "init", "version"])
        for command in [["version"], ["completions", "bash"]] {
            let result = kiln(command, in: folder.url, adding: ["KILN_ROOT": "nope"])
            #expect(result.status == 0, "\(command): \(result.standardError)")
        }
        #expect(kiln(["status"], in: folder.url, adding: ["KILN_ROOT": "nope"]).status == 1)
    }

    @Test("a symbolically linked current folder walks up from where the link points, as getcwd reports it")
    func symbolicLink() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(atPath: project.folder.path("sub"), withIntermediateDirectories: false)
        let links = try folderWithoutProject()
        try FileManager.default.createSymbolicLink(
            atPath: links.path("link"), withDestinationPath: project.folder.path("sub"))
        let result = kiln(["status"], in: links.url.appendingPathComponent("link"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "kiln: using project at .. (\(project.folder.path("")))\n")
    }
}
