import Foundation
import Kiln
import KilnTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// A fleet run under tight system limits: where the system refuses every worker thread (a container's limit on
/// processes) it must still migrate every file, on the thread that lists them, instead of waiting forever for
/// workers that never started; and a low soft limit on descriptors (macOS starts processes at 256) is raised.
@Suite("kiln migrate --each under system limits")
struct MigrateFleetThreadLimitTests {
    /// `setpriv` and `prlimit` (util-linux) run kiln as `nobody` with room for no second thread: only root can
    /// switch users, and root itself ignores `RLIMIT_NPROC`.
    static var runs: Bool {
        geteuid() == 0 && ExternalTool("setpriv").runs && ExternalTool("prlimit").runs
    }

    @Test("every file is migrated though no worker thread can be created", .enabled(if: runs))
    func noWorkerThreads() throws {
        let project = try ShopProject()
        for index in 0..<6 { try project.folder.writeEmptyDatabase("fleet/\(index).db") }
        let binary = project.folder.path("kiln")
        try FileManager.default.copyItem(atPath: KilnBinary.url.path, toPath: binary)
        // `nobody` must read the project and write the fleet (its files and their journals).
        for path in [project.folder.url.path, project.folder.path("migrations"), project.folder.path("fleet")] {
            #expect(chmod(path, 0o777) == 0)
        }
        for index in 0..<6 { #expect(chmod(project.folder.path("fleet/\(index).db"), 0o666) == 0) }
        // KILL after 60 s: before the fix the run waited forever and ignored SIGTERM.
        let result = try ExternalTool("timeout").run(
            [
                "-s", "KILL", "60", "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "prlimit",
                "--nproc=1", binary, "migrate", "shop", "--each", "fleet", "--jobs", "4",
            ], in: project.folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("shop: 6 files in "), "\(result.standardOutput)")
        let migrator = try project.migrator()
        for index in 0..<6 {
            let connection = try SQLiteConnection(path: project.folder.path("fleet/\(index).db"), mode: .readOnly)
            #expect(try Migrator.version(of: connection) == migrator.migrations.latestVersion)
        }
    }

    @Test(
        "a soft limit of 48 descriptors is raised, so 32 jobs open their files",
        .enabled(if: ExternalTool("prlimit").runs))
    func lowDescriptorLimit() throws {
        let project = try ShopProject()
        for index in 0..<64 { try project.folder.writeEmptyDatabase("fleet/\(index).db") }
        let result = try ExternalTool("prlimit").run(
            ["--nofile=48:4096", KilnBinary.url.path, "migrate", "shop", "--each", "fleet", "--jobs", "32"],
            in: project.folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("shop: 64 files in "), "\(result.standardOutput)")
        #expect(!result.standardError.contains("Too many open files"))
    }
}
