import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A command waiting for another process's lock stops on Ctrl-C: the command line blocks SIGINT in every
/// thread, so a blocking `flock` never returned, and `kiln build` waited for the other build, or forever.
@Suite("a command waiting for a lock stops on a signal (the built kiln)", .serialized)
struct LockWaitSignalTests {
    @Test("SIGINT while kiln build waits for another build's lock: exit 130 at once, nothing built")
    func buildWaitingForLock() throws {
        let project = try ShopProject()
        try FileManager.default.createDirectory(atPath: project.folder.path("build"), withIntermediateDirectories: true)
        try FileLock.withExclusiveLock(at: project.folder.path("build/.kiln-build.lock")) {
            let (result, sent, ignored) = try KilnBinary.run(
                ["build"], in: project.folder.url, signal: SIGINT,
                onceStandardErrorContains: "kiln: waiting for another build of build to finish")
            #expect(sent, "\(result.standardError)")
            #expect(!ignored, "kiln went on waiting for the lock after SIGINT")
            #expect(result.status == 130, "\(result.standardError)")
            #expect(
                result.standardError.hasSuffix(
                    "kiln: error: interrupted (SIGINT): databases in progress were discarded and keep their previous "
                        + "files in build; any reported built above are published, and build/kiln-manifest.json "
                        + "describes what is there\n"), "\(result.standardError)")
        }
        #expect(!project.folder.exists("build/shop.sqlite"))
    }

    @Test("SIGTERM while kiln reset waits for an install's lock on the file: exit 143 at once, the file as it was")
    func resetWaitingForLock() throws {
        let project = try ShopProject()
        #expect(try project.kiln("migrate", "shop", "--db", "dev.sqlite").status == 0)
        let before = try project.folder.read("dev.sqlite")
        try FileLock.withExclusiveLock(at: project.folder.path(".dev.sqlite.kiln-lock")) {
            let (result, sent, ignored) = try KilnBinary.run(
                ["reset", "shop", "--db", "dev.sqlite"], in: project.folder.url, signal: SIGTERM,
                onceStandardErrorContains: "kiln: waiting for another reset or install of dev.sqlite to finish")
            #expect(sent, "\(result.standardError)")
            #expect(!ignored, "kiln went on waiting for the lock after SIGTERM")
            #expect(result.status == 143, "\(result.standardError)")
            #expect(
                result.standardError.hasSuffix(
                    "kiln: error: interrupted (SIGTERM): dev.sqlite is as it was; the new build was discarded\n"),
                "\(result.standardError)")
        }
        #expect(try project.folder.read("dev.sqlite") == before)
        #expect(!project.folder.exists("dev.sqlite.previous"))
    }
}
