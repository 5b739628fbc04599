import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kill -9 during kiln build", .serialized)
struct BuildCrashTests {
    @Test(
        "a build killed at 30 random moments leaves the older file or the complete new one, and the next build sweeps every temporary file"
    )
    func killedBuilds() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/big/0001_create.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT);\nCREATE INDEX item_code ON item (code);\n"
        )
        var csv = "id,name,code\n"
        for id in 1...60_000 { csv += "\(id),\"item \(id), with a comma\",C\(id % 997)\n" }
        try folder.write("seeds/big/item.csv", csv)

        let build = ["build", "--force", "--out", "build"]
        #expect(try KilnBinary.run(build, in: folder.url).status == 0)
        let oldHash = SHA256Hasher.hash(try folder.read("build/big.sqlite"))
        // The new sources, built elsewhere first: builds are reproducible, so this is the new file's hash.
        try folder.write("seeds/big/item.csv", csv + "60001,the new row,C1\n")
        let started = ContinuousClock.now
        #expect(try KilnBinary.run(["build", "--out", "reference"], in: folder.url).status == 0)
        let elapsed = ContinuousClock.now - started
        let newHash = SHA256Hasher.hash(try folder.read("reference/big.sqlite"))
        #expect(oldHash != newHash)

        let window = max(
            Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000), 40)
        var sawOld = false
        // Earliest kills first: once one build has published the new file every later build is up to date, so
        // in random order a first kill landing late (the reference build ran on a loaded machine) left no kill
        // mid-build at all.
        let delays = (0..<30).map { _ in Int.random(in: 1...window) }.sorted()
        for delay in delays {
            let process = try KilnBinary.start(build, in: folder.url)
            usleep(UInt32(delay * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let hash = SHA256Hasher.hash(try folder.read("build/big.sqlite"))
            #expect(hash == oldHash || hash == newHash, "the output is neither the old nor the new file")
            sawOld = sawOld || hash == oldHash
            for suffix in ["-journal", "-wal", "-shm"] { #expect(!folder.exists("build/big.sqlite\(suffix)")) }
        }
        #expect(sawOld, "no kill landed before the new file was published")
        let final = try KilnBinary.run(["build", "--out", "build"], in: folder.url)
        #expect(final.status == 0, "\(final.standardError)")
        #expect(SHA256Hasher.hash(try folder.read("build/big.sqlite")) == newHash)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("build")).filter {
            $0.contains("kiln-tmp")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a second build into the same folder waits for the first instead of sweeping its files")
    func concurrentBuilds() throws {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/big/0001_create.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        var csv = "id,name\n"
        for id in 1...30_000 { csv += "\(id),name \(id)\n" }
        try folder.write("seeds/big/item.csv", csv)
        let processes = try (0..<4).map { _ in try KilnBinary.start(["build", "--force"], in: folder.url) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0, 0, 0])
        let db = try SQLiteConnection(path: folder.path("build/big.sqlite"), mode: .readOnly)
        #expect(try db.integer(sql: "SELECT count(*) FROM item") == 30_000)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("build")).filter { $0.contains("kiln-tmp") }
                .isEmpty)
    }
}
