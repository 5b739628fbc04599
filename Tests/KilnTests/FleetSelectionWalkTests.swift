import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

@Suite("Fleet selection: the walk")
struct FleetSelectionWalkTests {
    @Test("a subfolder that cannot be read is listed with its problem, and the walk goes on")
    func unreadableSubfolder() throws {
        let tree = try SelectionFolder()
        try tree.files(["t/a.db", "t/locked/hidden-from-us.db", "t/z/b.db"])
        #expect(chmod("\(tree.root)/t/locked", 0) == 0)
        defer { chmod("\(tree.root)/t/locked", 0o755) }
        let pattern = "\(tree.root)/t"
        guard let files = asNobody({ (try? FleetSelection(pattern: pattern)).map { Array($0) } }) else { return }
        let listed = try #require(files)
        #expect(listed.map(\.relativePath).sorted() == ["a.db", "locked", "z/b.db"])
        let locked = try #require(listed.first { $0.relativePath == "locked" })
        #expect(locked.path == "\(tree.root)/t/locked")
        #expect(locked.problem?.operation == .list)
        #expect(locked.problem?.code == EACCES)
        #expect(locked.problem?.path == "\(tree.root)/t/locked")
        #expect(listed.filter { $0.relativePath != "locked" }.allSatisfy { $0.problem == nil })
    }

    @Test("a root that cannot be read is refused when the pattern is read")
    func unreadableRoot() throws {
        let tree = try SelectionFolder()
        try tree.files(["t/a.db"])
        #expect(chmod("\(tree.root)/t", 0) == 0)
        defer { chmod("\(tree.root)/t", 0o755) }
        let pattern = "\(tree.root)/t/*.db"
        let reason = asNobody { () -> FleetSelectionError.Reason? in
            do throws(FleetSelectionError) {
                _ = try FleetSelection(pattern: pattern)
                return nil
            } catch { return error.reason }
        }
        guard let reason else { return }
        #expect(reason == .unreadableRoot(FileSystemError(.list, path: "\(tree.root)/t", code: EACCES)))
    }

    @Test("a folder of 20,000 entries is walked holding one open folder and no list of names")
    func boundedMemory() throws {
        let tree = try SelectionFolder()
        let names = (0..<20_000).map { "tenant-\($0)-\(String(repeating: "x", count: 40)).db" }
        try tree.files(names.map { "big/\($0)" } + ["big/sub/last.db"])
        var iterator = try FleetSelection(pattern: "\(tree.root)/big").makeIterator()
        var seen = 0
        var deepest = 0
        while let file = iterator.next() {
            seen += 1
            deepest = max(deepest, iterator.walk.stack.count)
            if seen % 4_000 == 0 { #expect(largestCollection(in: iterator) <= 4, "after \(seen) files") }
            #expect(file.problem == nil)
        }
        #expect(seen == 20_001)
        #expect(deepest <= 2)
        #expect(iterator.walk.stack.isEmpty)
    }

    @Test("walking 10,000 entries takes well under 100 ms (of this thread's time: the machine may be busy)")
    func speed() throws {
        let tree = try SelectionFolder()
        try tree.files((0..<10_000).map { "fleet/\($0 % 10)/tenant-\($0).db" })
        let selection = try FleetSelection(pattern: "\(tree.root)/fleet/**/*.db")
        var best = Double.infinity
        for _ in 0..<3 {
            let start = threadTime()
            #expect(selection.count() == 10_000)
            best = min(best, threadTime() - start)
        }
        #expect(best < 0.1, "best of 3: \(Int(best * 1000)) ms")
    }

    /// The processor time this thread has used, in seconds (`CLOCK_THREAD_CPUTIME_ID`).
    private func threadTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The largest count of any array, set or dictionary reachable from `value` (class instances included).
    private func largestCollection(in value: Any, depth: Int = 0) -> Int {
        let mirror = Mirror(reflecting: value)
        var largest =
            mirror.displayStyle == .collection || mirror.displayStyle == .set
                || mirror.displayStyle == .dictionary ? mirror.children.count : 0
        guard depth < 8 else { return largest }
        for child in mirror.children { largest = max(largest, largestCollection(in: child.value, depth: depth + 1)) }
        return largest
    }
}
