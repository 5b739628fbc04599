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
                == "kiln: interrupted (SIGINT): the transaction in progress was rolled back and temporary files removed; what was committed or published before stays as it is\n"
        )
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
                "kiln: interrupted (SIGTERM): the transaction in progress was rolled back and temporary files removed; what was committed or published before stays as it is\n"
            ))
        #expect(try folder.read("build/big.sqlite") == previous)
        #expect(temporaries().isEmpty, "\(temporaries())")
    }
}
