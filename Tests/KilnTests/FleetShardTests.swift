import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

@Suite("Fleet shards")
struct FleetShardTests {
    @Test("the hash is 64-bit FNV-1a of the UTF-8 bytes (published test vectors)")
    func hashVectors() {
        #expect(FleetShard.stableHash(of: "") == 0xcbf2_9ce4_8422_2325)
        #expect(FleetShard.stableHash(of: "a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FleetShard.stableHash(of: "foobar") == 0x8594_4171_f739_67e8)
        #expect(FleetShard.stableHash(of: "é") == FleetShard.stableHash(of: "e\u{301}") ? false : true)
    }

    @Test("K of N exists only for 1 <= K <= N")
    func bounds() {
        #expect(FleetShard(index: 1, count: 1)?.description == "1/1")
        #expect(FleetShard(index: 3, count: 8)?.description == "3/8")
        #expect(FleetShard(index: 0, count: 3) == nil)
        #expect(FleetShard(index: 4, count: 3) == nil)
        #expect(FleetShard(index: 1, count: 0) == nil)
        #expect(FleetShard(index: -1, count: -1) == nil)
    }

    /// A fleet of 320 files in nested folders, with hidden and side files that no slice may list.
    private func fleet() throws -> SelectionFolder {
        let tree = try SelectionFolder()
        var names = (0..<320).map { "t/region-\($0 % 4)/org-\($0 % 7)/tenant-\($0).db" }
        names += ["t/.hidden.db", "t/region-0/x.db-wal", "t/region-1/x.db-journal"]
        try tree.files(names)
        return tree
    }

    @Test("for N = 1...8 the slices are pairwise disjoint, none empty, and together are the whole fleet")
    func disjointAndCovering() throws {
        let tree = try fleet()
        let all = try tree.listed("t")
        #expect(all.count == 320)
        for count in 1...8 {
            var union: [String] = []
            for index in 1...count {
                let slice = try tree.listed("t", shard: FleetShard(index: index, count: count))
                #expect(!slice.isEmpty, "slice \(index)/\(count) is empty")
                #expect(slice.allSatisfy { FleetShard(index: index, count: count)!.contains(FleetFile(path: $0)) })
                union += slice
            }
            #expect(union.count == all.count, "N = \(count): a file is in two slices or none")
            #expect(union.sorted() == all, "N = \(count)")
            let counted = (1...count).map {
                (try? FleetSelection(pattern: "\(tree.root)/t", shard: FleetShard(index: $0, count: count)).count())
                    ?? -1
            }
            #expect(counted.reduce(0, +) == 320)
        }
    }

    @Test("a file's slice does not depend on how the root is spelled: ./t, t/, absolute, through ..")
    func rootSpelling() throws {
        let tree = try fleet()
        let relative = relativePath(to: "\(tree.root)/t")
        let spellings = [
            "\(tree.root)/t", "\(tree.root)/t/", "\(tree.root)//t", "\(tree.root)/./t",
            "\(tree.root)/t/../t", relative, "./\(relative)", "\(relative)/",
        ]
        for count in [3, 8] {
            for index in 1...count {
                let shard = FleetShard(index: index, count: count)
                let slices = try spellings.map { spelling in
                    try FleetSelection(pattern: spelling, shard: shard).map(\.relativePath).sorted()
                }
                #expect(Set(slices).count == 1, "slice \(index)/\(count) depends on the spelling")
                let paths = try FleetSelection(pattern: "./\(relative)", shard: shard).map(\.path)
                #expect(paths.allSatisfy { $0.hasPrefix("./\(relative)/") })
            }
        }
    }

    /// `path` (absolute) written relative to the current folder, through `..`, without changing folder.
    private func relativePath(to path: String) -> String {
        let here = FileManager.default.currentDirectoryPath.split(separator: "/")
        return (Array(repeating: "..", count: here.count) + path.split(separator: "/").map(String.init))
            .joined(separator: "/")
    }
}
