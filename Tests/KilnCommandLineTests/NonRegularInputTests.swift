import Foundation
import KilnTestSupport
import Testing

/// Runs kiln in `project` under a 60-second deadline: a command blocked on a FIFO fails the test instead of
/// hanging the suite.
private func kilnWithinDeadline(_ project: ShopProject, _ arguments: [String], fifos: [String]) -> ProcessResult? {
    let result = withDeadline(60, unblocking: fifos) { [project] in
        KilnCommandLineTests.kiln(arguments, in: project.folder.url)
    }
    if result == nil { Issue.record("kiln \(arguments.joined(separator: " ")) blocked for more than 60 seconds") }
    return result
}

@Suite("kiln and inputs that are not regular files, in-process")
struct NonRegularInputCommandTests {
    @Test("status, schema, migrate and seed refuse a FIFO or a folder given as --db at once, naming it")
    func databaseFIFO() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n1,apple,0.5\n")
        let fifo = project.folder.path("pipe.sqlite")
        try makeFIFO(fifo)
        let folder = project.folder.path("folder.sqlite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let commands: [[String]] = [
            ["status", "shop", "--db"], ["schema", "shop", "--db"], ["migrate", "shop", "--db"],
            ["seed", "shop", "--db"],
        ]
        for command in commands {
            for (path, what) in [(fifo, "Is a FIFO"), (folder, "Is a directory")] {
                let result = try #require(kilnWithinDeadline(project, command + [path], fifos: [fifo]))
                #expect(result.status == 1)
                #expect(result.standardError == "kiln: error: cannot open \(path): \(what)\n", "\(command)")
            }
        }
    }

    @Test("reset refuses a FIFO or a folder as --db before building or moving anything")
    func resetFIFO() throws {
        let project = try ShopProject()
        let fifo = project.folder.path("pipe.sqlite")
        try makeFIFO(fifo)
        let folder = project.folder.path("folder.sqlite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for (path, what) in [(fifo, "Is a FIFO"), (folder, "Is a directory")] {
            let result = try #require(kilnWithinDeadline(project, ["reset", "shop", "--db", path], fifos: [fifo]))
            #expect(result.status == 1)
            #expect(result.standardError == "kiln: error: cannot open \(path): \(what)\n")
            #expect(!FileManager.default.fileExists(atPath: path + ".previous"))
        }
    }

    @Test("install refuses a FIFO as the bundled file or the destination at once")
    func installFIFO() throws {
        let project = try ShopProject()
        #expect(try project.kiln("migrate", "shop", "--db", "bundled.sqlite").status == 0)
        let fifo = project.folder.path("pipe.sqlite")
        try makeFIFO(fifo)
        for (bundled, destination) in [("pipe.sqlite", "copy.sqlite"), ("bundled.sqlite", "pipe.sqlite")] {
            let result = try #require(
                kilnWithinDeadline(project, ["install", "--bundled", bundled, "--to", destination], fifos: [fifo]))
            #expect(result.status == 1)
            #expect(result.standardError.contains("open \(fifo): Is a FIFO"), "\(result.standardError)")
        }
        #expect(!project.folder.exists("copy.sqlite"))
    }

    @Test("a seed CSV that is a FIFO is an error at its path, for seed and for build")
    func seedFIFO() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(
            atPath: project.folder.path("seeds/shop"), withIntermediateDirectories: true)
        try makeFIFO(project.folder.path("seeds/shop/item.csv"))
        let fifos = [project.folder.path("seeds/shop/item.csv")]
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite").status == 0)
        let seed = try #require(kilnWithinDeadline(project, ["seed", "shop", "--db", "shop.sqlite"], fifos: fifos))
        #expect(seed.status == 1)
        #expect(seed.standardError.contains("item.csv"))
        #expect(seed.standardError.contains("Is a FIFO"), "\(seed.standardError)")
        let build = try #require(kilnWithinDeadline(project, ["build", "--out", "out"], fifos: fifos))
        #expect(build.status == 1)
        #expect(build.standardError.contains("item.csv"))
        #expect(build.standardError.contains("Is a FIFO"), "\(build.standardError)")
    }

    @Test("a migration file or kiln.json that is a FIFO is an error at its path")
    func migrationAndConfigurationFIFO() throws {
        let project = try ShopProject()
        let migration = project.folder.path("migrations/shop/0003_more.sql")
        try makeFIFO(migration)
        let status = try #require(kilnWithinDeadline(project, ["status"], fifos: [migration]))
        #expect(status.status == 1)
        #expect(status.standardError == "migrations/shop/0003_more.sql:1:1: error: cannot read the file: Is a FIFO\n")
        try FileManager.default.removeItem(atPath: migration)
        let configuration = project.folder.path("kiln.json")
        try makeFIFO(configuration)
        let withFIFO = try #require(kilnWithinDeadline(project, ["status"], fifos: [configuration]))
        #expect(withFIFO.status == 1)
        #expect(withFIFO.standardError == "kiln.json:1:1: error: cannot read the file: Is a FIFO\n")
    }
}
