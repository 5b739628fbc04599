import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// What the code review of issue 16 found in the walk: a base folder whose name holds wildcard characters,
/// names that are not UTF-8, a glob ending in `/`, and links left to SQLite by the header fast path.
@Suite("Fleet selection: review findings")
struct FleetSelectionReviewTests {
    @Test("a base folder named with '[' or '*' is taken literally, never as part of the glob")
    func literalBase() throws {
        let tree = try SelectionFolder()
        try tree.files(["p[1]/tenants/a.db", "p1/tenants/z.db", "p*/tenants/s.db"])
        let bracket = try FleetSelection(pattern: "tenants/*.db", in: "\(tree.root)/p[1]")
        #expect(bracket.map(\.relativePath) == ["a.db"])
        #expect(bracket.map(\.path) == ["\(tree.root)/p[1]/tenants/a.db"])
        let folder = try FleetSelection(pattern: "tenants", in: "\(tree.root)/p[1]")
        #expect(folder.map(\.relativePath) == ["a.db"])
        let star = try FleetSelection(pattern: "tenants/*", in: "\(tree.root)/p*")
        #expect(star.map(\.relativePath) == ["s.db"])
        // An absolute pattern ignores the base.
        let absolute = try FleetSelection(pattern: "\(tree.root)/p1/tenants/*.db", in: "\(tree.root)/p[1]")
        #expect(absolute.map(\.relativePath) == ["z.db"])
    }

    @Test("a file or folder whose name is not UTF-8 is listed with the problem, never dropped")
    func namesThatAreNotUTF8() throws {
        let tree = try SelectionFolder()
        try tree.folders(["t"])
        let badFile: [UInt8] = Array("\(tree.root)/t/bad".utf8) + [0xFF] + Array(".db".utf8) + [0]
        let descriptor = badFile.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let badFolder: [UInt8] = Array("\(tree.root)/t/dir".utf8) + [0xFE, 0]
        #expect(
            badFolder.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }
                == 0)
        try tree.files(["t/good.db"])
        let listed = Array(try FleetSelection(pattern: "\(tree.root)/t"))
        #expect(listed.count == 3)
        #expect(listed.filter { $0.problem == nil }.map(\.relativePath) == ["good.db"])
        #expect(listed.filter { $0.problem != nil }.allSatisfy { $0.problem?.code == EILSEQ })
    }

    @Test("a glob ending in '/' names folders: every file below each")
    func trailingSlashNamesFolders() throws {
        let tree = try SelectionFolder()
        try tree.files(["g/top.db", "g/a/one.db", "g/a/deep/two.db", "g/b/three.db"])
        #expect(try tree.listed("g/*/") == ["a/deep/two.db", "a/one.db", "b/three.db"])
        // Without the slash, `*` names files: the folders it matches are listed, refused as folders.
        #expect(try tree.listed("g/*") == ["a", "b", "top.db"])
    }

    @Test("a link to an up-to-date file is left to SQLite, which names its journal after the file linked to")
    func linksSkipTheHeaderPath() throws {
        let fleet = try FleetMigratorFixture()
        try fleet.database("real.db", at: 3)
        #expect(symlink("real.db", fleet.folder.path("link.db")) == 0)
        let engine = FleetMigrator(migrator: try fleet.migrator())
        #expect(engine.migrate(fleet.file("real.db")).outcome == .upToDate)
        #expect(fleet.openCount == 0)
        #expect(engine.migrate(fleet.file("link.db")).outcome == .upToDate)
        #expect(fleet.openCount == 1)
    }
}
