import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln migrate --each` under injected I/O errors (the fault shim): a file's line always tells the version
/// the file is at, also when the error came after SQLite's commit point (the folder's fsync after the
/// journal's removal), where the migration failed although it committed.
@Suite("kiln migrate --each under injected faults (LD_PRELOAD shim)", .serialized)
struct MigrateFleetFaultTests {
    static let files = ["a.db", "b.db", "c.db"]

    /// The shop project and three files at version 1 under `fleet/`.
    static func project() throws -> ShopProject {
        let project = try ShopProject()
        try FileManager.default.createDirectory(atPath: project.folder.path("fleet"), withIntermediateDirectories: true)
        for name in files {
            #expect(try project.kiln("migrate", "shop", "--db", "fleet/\(name)", "--to", "1").status == 0)
        }
        return project
    }

    /// `=` and the real path of the project's `fleet/` folder: the shim counts only that folder's fsyncs.
    static func fleetFolder(of project: ShopProject) -> String {
        "=" + URL(fileURLWithPath: project.folder.path("fleet")).resolvingSymlinksInPath().path
    }

    static func version(of path: String) throws -> Int32 {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        defer { try? connection.close() }
        return try Migrator.version(of: connection)
    }

    @Test(
        "EIO at each fsync of the fleet's folder: every file's line tells the version it is at, and an error names the file",
        .enabled(if: FaultShim.library != nil))
    func folderSyncFailures() throws {
        let arguments = ["migrate", "shop", "--each", "fleet/*.db", "--jobs", "1"]
        let probe = try Self.project()  // kept alive: the folder goes when the value does
        let calls = try FaultShim.count("fsync", arguments, in: probe.folder.url, path: Self.fleetFolder(of: probe))
        #expect(calls >= Self.files.count, "\(calls) fsyncs of the folder")
        var committedThenFailed = 0
        for at in stride(from: 1, through: calls, by: 1) {
            let project = try Self.project()
            let fault = FaultShim.Fault(call: "fsync", at: at, action: "EIO", path: Self.fleetFolder(of: project))
            let result = FaultShim.kilnOutput(of: try FaultShim.run(arguments, in: project.folder.url, fault: fault))
            // SQLite ignores some folder fsyncs that fail (after creating a journal); the one after removing it
            // fails the commit.
            #expect(result.status == 0 || result.status == 1, "fsync #\(at): \(result.standardError)")
            for name in Self.files {
                let line = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("fleet/\(name): ") } ?? ""
                let version = try Self.version(of: project.folder.path("fleet/\(name)"))
                let context = "fsync #\(at): \(line) (the file is at version \(version))"
                if version == 2 {
                    #expect(line.contains("migrated from version 1 to 2"), "\(context)")
                    if line.contains("then failed") { committedThenFailed += 1 }
                } else {
                    #expect(version == 1 && !line.contains("migrated"), "\(context)")
                }
            }
            if result.status == 1 {
                #expect(result.standardError.contains("kiln: error: fleet/"), "fsync #\(at): \(result.standardError)")
            }
        }
        #expect(committedThenFailed > 0, "no fsync failed after a commit")
    }
}
