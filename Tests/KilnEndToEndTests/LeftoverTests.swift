import Foundation
import KilnTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Every file below `folder` (relative path -> bytes); empty when the folder does not exist.
private func files(under folder: String) -> [String: [UInt8]] {
    let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    var found: [String: [UInt8]] = [:]
    for name in names {
        let path = "\(folder)/\(name)"
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            found[name] = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { Array($0) }
        }
    }
    return found
}

/// The names below `folder`, files and folders, that hold one of kiln's temporary marks.
private func temporaries(under folder: String) -> [String] {
    let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    return names.filter { $0.contains("kiln-tmp") || $0.contains("kiln-import-") }
}

/// A process id that no process has: a child's, once it has ended and been waited for.
private func endedProcessID() throws -> Int32 {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sh")
    child.arguments = ["-c", "exit 0"]
    try child.run()
    child.waitUntilExit()
    return child.processIdentifier
}

/// The temporary files and folders of a killed run (or a failing unlink) are swept by the command's next run,
/// never those of a run that is still alive, and nothing temporary is ever inside a published folder.
@Suite("what a killed or failed kiln leaves, and what its next run sweeps", .serialized)
struct LeftoverTests {
    private static let importArguments = ["import", "notes", "src", "--from", "goose"]

    /// An empty project with a goose folder to import at `src`.
    private static func importProject() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory.emptyProject()
        try FileManager.default.copyItem(atPath: ImportEndToEndTests.fixture("goose"), toPath: folder.path("src"))
        return folder
    }

    @Test(
        "EIO or kill -9 at each write, fsync, rename, link, unlink and mkdir of an import: migrations/notes is absent or whole, with nothing temporary inside, and the next import sweeps what is left",
        .enabled(if: FaultShim.library != nil))
    func importUnderFaults() throws {
        let reference = try Self.importProject()
        #expect(try KilnBinary.run(Self.importArguments, in: reference.url).status == 0)
        let expected = files(under: reference.path("migrations/notes"))
        #expect(expected.count == 6, "\(expected.keys.sorted())")
        var runs = 0
        for call in ["write", "fsync", "rename", "link", "unlink", "mkdir"] {
            let probe = try Self.importProject()  // kept alive: the folder goes when the value does
            let calls = try FaultShim.count(call, Self.importArguments, in: probe.url)
            for at in stride(from: 1, through: calls, by: 1) {
                for action in ["EIO", "kill-after"] {
                    let folder = try Self.importProject()
                    let fault = FaultShim.Fault(call: call, at: at, action: action)
                    let result = try FaultShim.run(Self.importArguments, in: folder.url, fault: fault)
                    let context = "\(call) #\(at) \(action): exit \(result.status) \(result.standardError)"
                    let imported = files(under: folder.path("migrations/notes"))
                    #expect(imported.isEmpty || imported == expected, "\(context): \(imported.keys.sorted())")
                    let next = try KilnBinary.run(Self.importArguments, in: folder.url)
                    #expect(next.status == (imported.isEmpty ? 0 : 1), "\(context), then \(next.standardError)")
                    #expect(files(under: folder.path("migrations/notes")) == expected, "\(context)")
                    #expect(temporaries(under: folder.path("migrations")).isEmpty, "\(context)")
                    runs += 1
                }
            }
        }
        #expect(runs >= 20, "\(runs) runs")
    }

    @Test("an import sweeps the staging folders of imports that ended, never one whose process still runs")
    func importSweepsOnlyEndedImports() throws {
        let folder = try Self.importProject()
        let ended = "migrations/.notes.kiln-import-\(try endedProcessID())-17"
        let running = "migrations/.other.kiln-import-\(getpid())-17"
        try folder.write("\(ended)/0001_half.sql", "CREATE TABLE half (x);\n")
        try folder.write("\(running)/0001_busy.sql", "CREATE TABLE busy (x);\n")
        let result = try KilnBinary.run(Self.importArguments, in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!folder.exists(ended))
        #expect(folder.exists("\(running)/0001_busy.sql"))
    }

    @Test(
        "a plan killed at each of its writes leaves no temporary file once the next plan ran, and the next plan says what kiln.sum misses",
        .enabled(if: FaultShim.library != nil))
    func planUnderKills() throws {
        let arguments = ["plan", "shop"]
        let probe = try Self.planProject()  // kept alive: the folder goes when the value does
        let calls = try FaultShim.count("write", arguments, in: probe.folder.url)
        #expect(calls >= 3, "the migration, kiln.sum and the schema file: \(calls)")
        var unrecorded = 0
        for at in stride(from: 1, through: calls, by: 1) {
            for action in ["kill-before", "kill-after"] {
                let project = try Self.planProject()
                let fault = FaultShim.Fault(call: "write", at: at, action: action)
                #expect(try FaultShim.run(arguments, in: project.folder.url, fault: fault).status == 137)
                let next = try project.kiln(arguments: arguments)
                let context = "write #\(at) \(action): \(next.standardError)"
                #expect(next.status == 0, "\(context)")
                for folder in ["migrations/shop", "schema"] {
                    #expect(temporaries(under: project.folder.path(folder)).isEmpty, "\(context)")
                }
                let check = try project.kiln("check", "shop")
                if check.status != 0 {
                    // Killed after the migration was written, before kiln.sum recorded it: the next plan said so.
                    #expect(check.standardError.contains("is not recorded in kiln.sum"), "\(check.standardError)")
                    #expect(next.standardError.contains("warning: ") && next.standardError.contains("kiln.sum"))
                    #expect(next.standardError.contains("record it with 'kiln hash shop'"), "\(context)")
                    unrecorded += 1
                }
            }
        }
        #expect(unrecorded > 0, "no kill fell between the migration's write and kiln.sum's")
    }

    /// The shop project recorded in kiln.sum, its schema file written and then given a column.
    private static func planProject() throws -> ShopProject {
        let project = try ShopProject()
        #expect(try project.kiln("hash", "shop").status == 0)
        #expect(try project.kiln("schema", "shop", "--write").status == 0)
        let text = String(decoding: try project.folder.read("schema/shop.sql"), as: UTF8.self)
        let edited = text.replacingOccurrences(of: "price REAL", with: "price REAL,\n    stock INTEGER")
        #expect(edited != text)
        try project.folder.write("schema/shop.sql", edited)
        return project
    }

    @Test("kiln check sweeps the scratch builds a killed check left in the temporary folder, not a running one's")
    func checkSweepsItsScratchBuilds() throws {
        let project = try ShopProject()
        #expect(try project.kiln("hash", "shop").status == 0)
        let temporary = try TemporaryDirectory()
        let ended = ".kiln-check-\(try endedProcessID())-5-first.sqlite"
        let running = ".kiln-check-\(getpid())-5-first.sqlite"
        for name in [ended, ended + "-journal", running] { try temporary.write(name, "scratch") }
        let result = try KilnBinary.run(["check"], in: project.folder.url, environment: ["TMPDIR": temporary.path("")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!temporary.exists(ended) && !temporary.exists(ended + "-journal"))
        #expect(temporary.exists(running))
    }
}
