import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln install` when an `fsync` fails: before the publishing `link` it is an error and nothing is published;
/// after it (the folder's fsync) the install happened, and kiln says the new name may not be durable.
@Suite(
    "Installer copy and durability under injected fsync and copy_file_range failures",
    .enabled(if: FaultShim.library != nil))
struct InstallerDurabilityTests {
    /// A folder with a bundled database and an empty `app` folder to install into.
    fileprivate func setUp() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/0001_create.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        let set = try MigrationSet.load(directory: folder.path("migrations"))
        try Migrator(migrations: set).migrate(fileAt: folder.path("bundled.sqlite"))
        let db = try SQLiteConnection(path: folder.path("bundled.sqlite"))
        try db.execute(sql: "INSERT INTO item (name) VALUES ('apple'), ('pear')")
        try db.close()
        try FileManager.default.createDirectory(atPath: folder.path("app"), withIntermediateDirectories: true)
        return folder
    }

    /// The fault that fails the first fsync of the app's folder (the one after the publishing `link`).
    fileprivate func folderFsync(_ folder: TemporaryDirectory) -> FaultShim.Fault {
        let app = URL(fileURLWithPath: folder.path("app")).resolvingSymlinksInPath().path
        return FaultShim.Fault(call: "fsync", at: 1, action: "EIO", path: "=" + app)
    }

    /// Runs `kiln install` of the bundle to `app/app.sqlite` with `fault` injected; checks that it fired, and
    /// returns what kiln itself printed.
    fileprivate func install(in folder: TemporaryDirectory, fault: FaultShim.Fault, json: Bool = false) throws
        -> ProcessResult
    {
        let result = try FaultShim.run(
            ["install", "--bundled", "bundled.sqlite", "--to", "app/app.sqlite"] + (json ? ["--json"] : []),
            in: folder.url, fault: fault)
        #expect(result.standardError.contains("faultshim: fired \(fault.call)"), "\(result.standardError)")
        return FaultShim.kilnOutput(of: result)
    }

    /// The names in the app's folder other than kiln's lock file.
    fileprivate func leftovers(_ folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path("app")).filter { !$0.hasSuffix(".kiln-lock") }
            .sorted()
    }

    @Test("the folder's fsync fails after link() published the copy: exit 0, the copy, and a warning line")
    func folderFsyncFailsAfterPublishing() throws {
        let folder = try setUp()
        let result = try install(in: folder, fault: folderFsync(folder))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "copied the bundled database to app/app.sqlite\n")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("kiln: warning: installed ") == true)
        #expect(lines.first?.contains("app/app.sqlite, but cannot fsync ") == true)
        #expect(lines.first?.hasSuffix(": Input/output error: the new name may not survive a power loss") == true)
        #expect(lines.last?.hasPrefix("kiln: note: the copy is complete") == true)
        #expect(try folder.read("app/app.sqlite") == folder.read("bundled.sqlite"))
        #expect(try leftovers(folder) == ["app.sqlite"])
        // The next run finds the copy up to date, with nothing injected.
        let next = try KilnBinary.run(
            ["install", "--bundled", "bundled.sqlite", "--to", "app/app.sqlite"], in: folder.url)
        #expect(next.status == 0)
        #expect(next.standardOutput == "app/app.sqlite is up to date\n")
    }

    @Test("--json carries the warning as durabilityWarning")
    func folderFsyncFailsJSON() throws {
        let folder = try setUp()
        let result = try install(in: folder, fault: folderFsync(folder), json: true)
        #expect(result.status == 0, "\(result.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(document?["outcome"] as? String == "copied")
        let warning = document?["durabilityWarning"] as? String
        #expect(warning?.contains("cannot fsync ") == true)
        #expect(result.standardError.hasPrefix("kiln: warning: installed "))
    }

    @Test("the copy's own fsync fails before publishing: exit 1 and nothing published, nothing left over")
    func fileFsyncFailsBeforePublishing() throws {
        let folder = try setUp()
        let result = try install(
            in: folder, fault: FaultShim.Fault(call: "fsync", at: 1, action: "EIO", path: "kiln-install"))
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("kiln: error: cannot fsync "), "\(result.standardError)")
        #expect(result.standardError.contains("Input/output error"))
        #expect(try leftovers(folder) == [])
    }
}

extension InstallerDurabilityTests {
    @Test("copy_file_range refused (ENOSYS, EXDEV, EINVAL, EOPNOTSUPP): the copy falls back to read/write")
    func copyFallsBack() throws {
        let folder = try setUp()
        for code in ["ENOSYS", "EXDEV", "EINVAL", "EOPNOTSUPP"] {
            try? FileManager.default.removeItem(atPath: folder.path("app/app.sqlite"))
            let result = try install(in: folder, fault: FaultShim.Fault(call: "copy_file_range", at: 1, action: code))
            #expect(result.status == 0, "\(code): \(result.standardError)")
            #expect(result.standardError == "")
            #expect(try folder.read("app/app.sqlite") == folder.read("bundled.sqlite"))
        }
    }

    @Test("copy_file_range failing with EIO is an error naming the file, and nothing is published")
    func copyFails() throws {
        let folder = try setUp()
        let result = try install(in: folder, fault: FaultShim.Fault(call: "copy_file_range", at: 1, action: "EIO"))
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("kiln: error: cannot write "), "\(result.standardError)")
        #expect(result.standardError.contains("Input/output error"))
        #expect(try leftovers(folder) == [])
    }
}
