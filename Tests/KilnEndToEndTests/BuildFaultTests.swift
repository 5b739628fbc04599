import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kiln build under injected faults (LD_PRELOAD shim)", .serialized)
struct BuildFaultTests {
    private func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/shop/0001_create.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        try folder.write("seeds/shop/item.csv", "id,name\n1,apple\n")
        return folder
    }

    private func manifestHash(_ folder: TemporaryDirectory) throws -> String? {
        let data = Data(try folder.read("build/kiln-manifest.json"))
        return try JSONDecoder().decode(BuildManifest.self, from: data).databases["shop"]?.sha256
    }

    @Test(
        "a manifest write failing with ENOSPC exits 1 naming what was published; the next build repairs the manifest",
        .enabled(if: FaultShim.library != nil))
    func manifestFull() throws {
        let folder = try project()
        #expect(try KilnBinary.run(["build"], in: folder.url).status == 0)
        try folder.write("seeds/shop/item.csv", "id,name\n1,apple\n2,pear\n")
        // The manifest's second write: the first left shop's entry out before its file was replaced.
        let fault = FaultShim.Fault(call: "write", at: 2, action: "ENOSPC", path: "kiln-manifest.json")
        let result = try FaultShim.run(["build"], in: folder.url, fault: fault)
        #expect(result.status == 1)
        #expect(result.standardError.contains("No space left on device"), "\(result.standardError)")
        #expect(result.standardError.contains("published ") && result.standardError.contains("shop.sqlite"))
        // The new file is published; the manifest, whole, leaves it out: it never describes the old file beside it.
        #expect(try manifestHash(folder) == nil)
        let next = try KilnBinary.run(["build"], in: folder.url)
        #expect(next.status == 0, "\(next.standardError)")
        #expect(try manifestHash(folder) == SHA256Hasher.hash(try folder.read("build/shop.sqlite")).hex)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("build")).filter {
                $0.contains("kiln-tmp")
            }.isEmpty)
    }

    @Test(
        "the manifest without the entry to replace cannot be written: exit 1, no file replaced, the old manifest true",
        .enabled(if: FaultShim.library != nil))
    func manifestFullBeforePublishing() throws {
        let folder = try project()
        #expect(try KilnBinary.run(["build"], in: folder.url).status == 0)
        let old = try folder.read("build/shop.sqlite")
        let oldHash = try manifestHash(folder)
        try folder.write("seeds/shop/item.csv", "id,name\n1,apple\n2,pear\n")
        let fault = FaultShim.Fault(call: "write", at: 1, action: "ENOSPC", path: "kiln-manifest.json")
        let result = FaultShim.kilnOutput(of: try FaultShim.run(["build"], in: folder.url, fault: fault))
        #expect(result.status == 1)
        #expect(result.standardError.contains("No space left on device"), "\(result.standardError)")
        #expect(result.standardError.contains("no database file was replaced"), "\(result.standardError)")
        #expect(try folder.read("build/shop.sqlite") == old)
        #expect(try manifestHash(folder) == oldHash && oldHash == SHA256Hasher.hash(old).hex)
    }

    @Test(
        "killed between publishing a file and writing the manifest: the manifest never describes the old file",
        .enabled(if: FaultShim.library != nil))
    func killedBeforeManifest() throws {
        let folder = try project()
        #expect(try KilnBinary.run(["build"], in: folder.url).status == 0)
        try folder.write("seeds/shop/item.csv", "id,name\n1,apple\n2,pear\n")
        // The rename that publishes build/shop.sqlite, then a kill: the manifest's last write never happens.
        let fault = FaultShim.Fault(call: "rename", at: 1, action: "kill-after", path: "build/shop.sqlite")
        let result = try FaultShim.run(["build"], in: folder.url, fault: fault)
        #expect(result.status == 137, "\(result.standardError)")
        let published = SHA256Hasher.hash(try folder.read("build/shop.sqlite")).hex
        let described = try manifestHash(folder)
        #expect(described == nil || described == published, "the manifest describes a file that is not there")
        #expect(try KilnBinary.run(["build"], in: folder.url).status == 0)
        #expect(try manifestHash(folder) == SHA256Hasher.hash(try folder.read("build/shop.sqlite")).hex)
    }

    @Test(
        "a folder fsync failing after the rename is a warning with exit 0, and the manifest describes the new file",
        .enabled(if: FaultShim.library != nil))
    func folderFsyncAfterPublish() throws {
        let folder = try project()
        let out = "=" + URL(fileURLWithPath: folder.path("build")).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: folder.path("build"), withIntermediateDirectories: true)
        let fault = FaultShim.Fault(call: "fsync", at: 1, action: "EIO", path: out)
        let result = try FaultShim.run(["build"], in: folder.url, fault: fault)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("faultshim: fired fsync"))
        #expect(result.standardError.contains("warning: published "), "\(result.standardError)")
        #expect(result.standardError.contains("may not survive a power loss"))
        #expect(try manifestHash(folder) == SHA256Hasher.hash(try folder.read("build/shop.sqlite")).hex)
    }

    @Test(
        "kiln hash: a folder fsync failing after kiln.sum is renamed into place is a warning with exit 0",
        .enabled(if: FaultShim.library != nil))
    func sumFolderFsync() throws {
        let folder = try project()
        let migrations = "=" + URL(fileURLWithPath: folder.path("migrations/shop")).resolvingSymlinksInPath().path
        let fault = FaultShim.Fault(call: "fsync", at: 1, action: "EIO", path: migrations)
        let result = try FaultShim.run(["hash"], in: folder.url, fault: fault)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning: published ") && result.standardError.contains("kiln.sum"))
        #expect(try KilnBinary.run(["check"], in: folder.url).status == 0)
    }
}
