import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

@Suite("Fleet selection: DirectoryStream")
struct FleetSelectionDirectoryStreamTests {
    /// Every entry of `stream`, sorted by name.
    private func entries(_ stream: DirectoryStream) throws -> [DirectoryStream.Entry] {
        var all: [DirectoryStream.Entry] = []
        while let entry = try stream.next() { all.append(entry) }
        return all.sorted { $0.name < $1.name }
    }

    @Test("lists every name but . and .., with its kind from d_type and the same kind from lstat")
    func kinds() throws {
        let tree = try SelectionFolder()
        try tree.files(["d/file.db", "d/sub/inner.db", "d/.hidden"])
        try tree.link("d/link", to: "file.db")
        #expect(mkfifo("\(tree.root)/d/pipe", 0o600) == 0)
        let expected: [DirectoryStream.Entry] = [
            .init(name: ".hidden", kind: .regularFile), .init(name: "file.db", kind: .regularFile),
            .init(name: "link", kind: .symbolicLink), .init(name: "pipe", kind: .fifo),
            .init(name: "sub", kind: .directory),
        ]
        #expect(try entries(DirectoryStream(opening: "\(tree.root)/d")) == expected)
        let fallback = try DirectoryStream(opening: "\(tree.root)/d", usesEntryTypes: false)
        #expect(try entries(fallback) == expected)
        let sub = try fallback.openSubfolder(named: "sub", path: "\(tree.root)/d/sub")
        #expect(!sub.usesEntryTypes)
        #expect(try entries(sub) == [.init(name: "inner.db", kind: .regularFile)])
    }

    @Test("closes once: close twice is harmless, and a closed stream lists nothing")
    func closesOnce() throws {
        let tree = try SelectionFolder()
        try tree.files(["d/a", "d/b"])
        let stream = try DirectoryStream(opening: "\(tree.root)/d")
        #expect(try stream.next() != nil)
        stream.close()
        stream.close()
        #expect(try stream.next() == nil)
        #expect(throws: FileSystemError.self) { try stream.openSubfolder(named: "x", path: "x") }
    }

    @Test("a subfolder is never opened through a symbolic link, and a missing folder says ENOENT")
    func noFollow() throws {
        let tree = try SelectionFolder()
        try tree.files(["d/real/x.db"])
        try tree.link("d/alias", to: "real")
        let stream = try DirectoryStream(opening: "\(tree.root)/d")
        let error = try #require(throws: FileSystemError.self) {
            try stream.openSubfolder(named: "alias", path: "\(tree.root)/d/alias")
        }
        #expect(error.operation == .list)
        #expect(error.code == ELOOP || error.code == ENOTDIR)
        #expect(error.path == "\(tree.root)/d/alias")
        let missing = try #require(throws: FileSystemError.self) { try DirectoryStream(opening: tree.root + "/none") }
        #expect(missing.isMissing)
        #expect(missing.operation == .list)
    }

    @Test("opening many folders one after another does not leak descriptors")
    func noLeak() throws {
        let tree = try SelectionFolder()
        try tree.files(["d/sub/a"])
        let before = openDescriptorCount()
        for _ in 0..<2_000 {
            let stream = try DirectoryStream(opening: "\(tree.root)/d")
            _ = try stream.openSubfolder(named: "sub", path: "\(tree.root)/d/sub")
            _ = try stream.next()
        }
        #expect(openDescriptorCount() < before + 50)
    }

    /// How many descriptors the process has open (Linux); 0 elsewhere.
    private func openDescriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}
