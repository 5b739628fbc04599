import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// Ctrl-C and SIGTERM against the real binary, sent while it writes.
@Suite("Interrupts", .serialized)
struct InterruptTests {
    /// A project whose `big` database seeds 300,000 rows: long enough to be caught mid-write.
    static func bigProject() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/big/0001_create.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT);\nCREATE INDEX item_code ON item (code);\n"
        )
        var csv = "id,name,code\n"
        for id in 1...300_000 { csv += "\(id),item \(id),C\(id % 997)\n" }
        try folder.write("seeds/big/item.csv", csv)
        return folder
    }

    @Test("Ctrl-C during kiln seed rolls the load back: exit 130, one line, the file byte for byte as before")
    func interruptedSeed() throws {
        let folder = try Self.bigProject()
        #expect(try KilnBinary.run(["migrate", "big", "--db", "big.sqlite"], in: folder.url).status == 0)
        let before = try folder.read("big.sqlite")
        let (result, sent) = try KilnBinary.run(
            ["seed", "big", "--db", "big.sqlite"], in: folder.url, signal: SIGINT,
            when: { folder.exists("big.sqlite-journal") })
        #expect(sent, "the seed ended before it could be interrupted")
        #expect(result.status == 130, "\(result.standardError)")
        #expect(
            result.standardError
                == "kiln: error: interrupted (SIGINT): big.sqlite is as it was; the load was rolled back\n")
        #expect(try folder.read("big.sqlite") == before)
        #expect(!folder.exists("big.sqlite-journal"))
        // Read-only commands see the file as it was, not an interrupted write.
        let status = try KilnBinary.run(["status", "big", "--db", "big.sqlite"], in: folder.url)
        #expect(status.status == 0 && status.standardError.isEmpty, "\(status.standardError)")
        #expect(status.standardOutput.hasPrefix("big: big.sqlite is at version 1 of 1\n"))
    }

    @Test("SIGTERM during kiln build: exit 143, the previous output stays, no temporary file is left")
    func terminatedBuild() throws {
        let folder = try Self.bigProject()
        #expect(try KilnBinary.run(["build"], in: folder.url).status == 0)
        let previous = try folder.read("build/big.sqlite")
        try folder.write(
            "seeds/big/item.csv",
            String(decoding: try folder.read("seeds/big/item.csv"), as: UTF8.self) + "300001,new,C1\n")
        let temporaries = { () -> [String] in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path("build"))) ?? []).filter {
                $0.contains("kiln-tmp")
            }
        }
        let (result, sent) = try KilnBinary.run(
            ["build"], in: folder.url, signal: SIGTERM, when: { !temporaries().isEmpty })
        #expect(sent, "the build ended before it could be interrupted")
        #expect(result.status == 143, "\(result.standardError)")
        #expect(
            result.standardError.hasSuffix(
                "kiln: error: interrupted (SIGTERM): databases in progress were discarded and keep their previous files in build; any reported built above are published, and build/kiln-manifest.json describes what is there\n"
            ))
        #expect(try folder.read("build/big.sqlite") == previous)
        #expect(temporaries().isEmpty, "\(temporaries())")
    }

    /// The size of a file in `folder`, 0 when it does not exist.
    static func size(_ relative: String, in folder: TemporaryDirectory) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: folder.path(relative)))?[.size] as? Int) ?? 0
    }

    @Test("Ctrl-C during the second of two migrations: the first stays committed, and the line says the version")
    func interruptedMigration() throws {
        let folder = try Self.bigProject()
        try folder.write(
            "migrations/big/0002_fill.sql",
            """
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000000)
            INSERT INTO item (id, name, code) SELECT x, 'item ' || x, 'C' || (x % 997) FROM n;

            """)
        let (result, sent) = try KilnBinary.run(
            ["migrate", "big", "--db", "big.sqlite"], in: folder.url, signal: SIGINT,
            when: { Self.size("big.sqlite-journal", in: folder) > 0 && Self.size("big.sqlite", in: folder) > 1 << 20 })
        #expect(sent, "the migration ended before it could be interrupted")
        #expect(result.status == 130, "\(result.standardError)")
        #expect(
            result.standardError.hasSuffix(
                "kiln: error: interrupted (SIGINT): big.sqlite stays at version 1; the migration in progress was rolled back\n"
            ), "\(result.standardError)")
        let status = try KilnBinary.run(["status", "big", "--db", "big.sqlite"], in: folder.url)
        #expect(status.standardOutput.hasPrefix("big: big.sqlite is at version 1 of 2\n"), "\(status.standardError)")
    }

    @Test("kill -9 mid-seed leaves a hot journal: status says what it means, and the next migrate rolls it back")
    func killedSeedThenStatus() throws {
        let folder = try Self.bigProject()
        #expect(try KilnBinary.run(["migrate", "big", "--db", "big.sqlite"], in: folder.url).status == 0)
        let (_, sent) = try KilnBinary.run(
            ["seed", "big", "--db", "big.sqlite"], in: folder.url, signal: SIGKILL,
            when: { Self.size("big.sqlite-journal", in: folder) > 0 && Self.size("big.sqlite", in: folder) > 1 << 20 })
        #expect(sent, "the seed ended before it could be killed")
        #expect(folder.exists("big.sqlite-journal"))
        for arguments in [["status", "big", "--db", "big.sqlite"], ["schema", "big", "--db", "big.sqlite"]] {
            let read = try KilnBinary.run(arguments, in: folder.url)
            #expect(read.status == 1)
            #expect(
                read.standardError == """
                    kiln: error: an interrupted write left big.sqlite-journal: big.sqlite cannot be read without rolling it back
                    kiln: note: the database is intact: the next 'kiln migrate' or 'kiln seed' on big.sqlite rolls the interrupted write back to the last commit (as does any SQLite connection that may write)

                    """)
        }
        #expect(try KilnBinary.run(["migrate", "big", "--db", "big.sqlite"], in: folder.url).status == 0)
        #expect(!folder.exists("big.sqlite-journal"))
        let connection = try SQLiteConnection(path: folder.path("big.sqlite"), mode: .readOnly)
        #expect(try connection.integer(sql: "SELECT count(*) FROM item") == 0)
        #expect(try connection.integer(sql: "SELECT count(*) FROM pragma_integrity_check WHERE integrity_check = 'ok'") == 1)
    }
}
