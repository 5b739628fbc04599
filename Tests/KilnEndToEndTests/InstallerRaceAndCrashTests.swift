import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("Installer races and crashes", .serialized)
struct InstallerRaceAndCrashTests {
    static let migrations: [(String, String)] = [
        (
            "0001_create.sql",
            "CREATE TABLE reference (id INTEGER PRIMARY KEY, payload BLOB);\nCREATE TABLE favorite (id INTEGER PRIMARY KEY, note TEXT NOT NULL);\n"
        )
    ]

    /// A folder with the migrations and a bundled database of about `megabytes` MB.
    private func bundle(megabytes: Int) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (name, sql) in Self.migrations { try folder.write("migrations/\(name)", sql) }
        let set = try MigrationSet.load(directory: folder.path("migrations"))
        let path = folder.path("bundled.sqlite")
        try Migrator(migrations: set).migrate(fileAt: path)
        let db = try SQLiteConnection(path: path)
        try db.execute(
            sql:
                "INSERT INTO reference (payload) SELECT randomblob(4000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(megabytes * 250)) SELECT i FROM n)"
        )
        try db.close()
        return folder
    }

    @Test("8 processes install the same database at once, then each inserts a row: 0 errors and 8 rows, 40 rounds")
    func race() throws {
        let folder = try bundle(megabytes: 1)
        let probe = KilnBinary.product("InstallRaceProbe")
        for round in 0..<40 {
            let destination = folder.path("Documents-\(round)/app.sqlite")
            try FileManager.default.createDirectory(
                atPath: folder.path("Documents-\(round)"), withIntermediateDirectories: true)
            let processes = try (0..<8).map { index in
                try KilnBinary.start(
                    [folder.path("bundled.sqlite"), destination, folder.path("migrations"), "process \(index)"],
                    in: folder.url, executable: probe)
            }
            for process in processes { process.waitUntilExit() }
            #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8), "round \(round)")
            let db = try SQLiteConnection(path: destination)
            #expect(try db.integer(sql: "SELECT count(*) FROM favorite") == 8, "round \(round)")
            #expect(try db.integer(sql: "SELECT count(*) FROM reference") == 250)
        }
    }

    @Test(
        "kill -9 at 50 random moments while a 50 MB database is copied: every next launch ends valid, nothing piles up")
    func crashDuringCopy() throws {
        let folder = try bundle(megabytes: 50)
        let probe = KilnBinary.product("InstallRaceProbe")
        let destination = folder.path("Documents/app.sqlite")
        try FileManager.default.createDirectory(atPath: folder.path("Documents"), withIntermediateDirectories: true)
        let arguments = [folder.path("bundled.sqlite"), destination, folder.path("migrations")]
        let started = ContinuousClock.now
        let reference = try KilnBinary.start(arguments, in: folder.url, executable: probe)
        reference.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        #expect(reference.terminationStatus == 0)
        let window = max(
            Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000), 20)
        var killedMidway = 0
        for round in 0..<50 {
            try FileManager.default.removeItem(atPath: destination)
            let process = try KilnBinary.start(arguments, in: folder.url, executable: probe)
            usleep(UInt32(Int.random(in: 1...window) * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if !FileManager.default.fileExists(atPath: destination) { killedMidway += 1 }
            // The next launch.
            let next = try KilnBinary.start(arguments, in: folder.url, executable: probe)
            next.waitUntilExit()
            #expect(next.terminationStatus == 0, "round \(round)")
            let db = try SQLiteConnection(path: destination, mode: .readOnly)
            #expect(try db.scalar(sql: "PRAGMA quick_check") == .text("ok"), "round \(round)")
            #expect(try db.integer(sql: "SELECT count(*) FROM reference") == 12_500, "round \(round)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("Documents")).filter {
                $0.contains("kiln-install")
            }
            #expect(leftovers.isEmpty, "round \(round): \(leftovers)")
        }
        #expect(killedMidway > 0, "no kill landed during the copy")
    }
}
