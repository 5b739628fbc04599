import Foundation
import KilnTestSupport
import Testing

@testable import Kiln

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

@Suite("Fleet selection: patterns")
struct FleetSelectionTests {
    /// A small tree with top-level, nested, hidden and side files.
    private func tenants() throws -> SelectionFolder {
        let tree = try SelectionFolder()
        try tree.files([
            "t/a.db", "t/b.db", "t/c.sqlite", "t/ab.db", "t/eu/d.db", "t/eu/fr/e.db", "t/us/app.sqlite",
            "t/eu/app.sqlite", "t/.hidden.db", "t/.cache/f.db", "t/a.db-journal", "t/b.db-wal", "t/b.db-shm",
            "t/eu/d.db-journal",
        ])
        return tree
    }

    @Test("a folder lists every file below it, hidden names and SQLite's side files left out")
    func folder() throws {
        let tree = try tenants()
        let expected = ["a.db", "ab.db", "b.db", "c.sqlite", "eu/app.sqlite", "eu/d.db", "eu/fr/e.db", "us/app.sqlite"]
        #expect(try tree.listed("t") == expected)
        #expect(try tree.listed("t/") == expected)
        #expect(try tree.listed("t//") == expected)
        #expect(try tree.listed("t/**") == expected)
    }

    @Test("*, ? and [...] match within one level, a leading dot only by a dot")
    func wildcards() throws {
        let tree = try tenants()
        #expect(try tree.listed("t/*.db") == ["a.db", "ab.db", "b.db"])
        #expect(try tree.listed("t/?.db") == ["a.db", "b.db"])
        #expect(try tree.listed("t/[ac]*") == ["a.db", "ab.db", "c.sqlite"])
        #expect(try tree.listed("t/[!a]*.db") == ["b.db"])
        #expect(try tree.listed("t/*/app.sqlite") == ["eu/app.sqlite", "us/app.sqlite"])
        #expect(try tree.listed("t/*/*.db") == ["eu/d.db"])
        #expect(try tree.listed("t/.*.db") == [".hidden.db"])
        #expect(try tree.listed("t/.cache/*.db") == ["f.db"])
        #expect(try tree.listed("t/*.db-journal").isEmpty)
    }

    @Test("** matches any number of folders, none included, and never lists a file twice")
    func doubleStar() throws {
        let tree = try tenants()
        #expect(try tree.listed("t/**/*.db") == ["a.db", "ab.db", "b.db", "eu/d.db", "eu/fr/e.db"])
        #expect(try tree.listed("t/**/app.sqlite") == ["eu/app.sqlite", "us/app.sqlite"])
        #expect(try tree.listed("t/eu/**/*.db") == ["d.db", "fr/e.db"])
        try tree.files(["x/x/x/a.db", "x/a.db", "x/y/x/b.db"])
        #expect(try tree.listed("x/**/x/**/*.db") == ["x/x/a.db", "y/x/b.db"])
        #expect(try tree.listed("**/x/**/*.db") == ["x/a.db", "x/x/x/a.db", "x/y/x/b.db"])
        #expect(try tree.listed("*/**/*/*.db") == ["t/eu/d.db", "t/eu/fr/e.db", "x/x/x/a.db", "x/y/x/b.db"])
    }

    @Test("paths keep the root as spelled; relative paths are normalized and start below the root")
    func spelling() throws {
        let tree = try tenants()
        let dotted = try FleetSelection(pattern: "\(tree.root)/./t//eu/*.db")
        #expect(dotted.root == "\(tree.root)/./t//eu")
        #expect(dotted.map(\.path) == ["\(tree.root)/./t//eu/d.db"])
        #expect(dotted.map(\.relativePath) == ["d.db"])
        let nested = try FleetSelection(pattern: "\(tree.root)/t/*//./fr/*.db")
        #expect(nested.root == "\(tree.root)/t")
        #expect(nested.map(\.relativePath) == ["eu/fr/e.db"])
        #expect(nested.map(\.path) == ["\(tree.root)/t/eu/fr/e.db"])
        let folder = try FleetSelection(pattern: "\(tree.root)/t/eu/fr/")
        #expect(folder.root == "\(tree.root)/t/eu/fr")
        #expect(folder.map(\.path) == ["\(tree.root)/t/eu/fr/e.db"])
        #expect(folder.allSatisfy { $0.problem == nil })
    }

    @Test("a pattern that starts with a wildcard is rooted at the current folder, and its paths have no ./")
    func implicitRoot() throws {
        let selection = try FleetSelection(pattern: "*.kiln-test-no-such-extension")
        #expect(selection.root == ".")
        #expect(selection.count() == 0)
        let pattern = try FleetPattern(parsing: "*/x.db")
        #expect(pattern.spelledRoot == "")
        #expect(pattern.steps == ["*", "x.db"])
        #expect(try FleetPattern(parsing: "/*.db").spelledRoot == "/")
        #expect(try FleetPattern(parsing: "./*.db").spelledRoot == ".")
        #expect(try FleetPattern(parsing: "a/**").steps == ["**", "*"])
    }

    @Test("a file is a fleet of one, rooted at its folder")
    func singleFile() throws {
        let tree = try tenants()
        let selection = try FleetSelection(pattern: "\(tree.root)/t/eu/d.db")
        #expect(selection.root == "\(tree.root)/t/eu")
        #expect(Array(selection) == [FleetFile(path: "\(tree.root)/t/eu/d.db", relativePath: "d.db")])
        #expect(selection.count() == 1)
    }

    @Test("bad patterns are refused with a reason and a message that names them")
    func errors() throws {
        let tree = try tenants()
        func reason(_ pattern: String) -> FleetSelectionError.Reason? {
            #expect(throws: FleetSelectionError.self) { try FleetSelection(pattern: pattern) }
            do { _ = try FleetSelection(pattern: pattern) } catch { return error.reason }
            return nil
        }
        #expect(reason("") == .empty)
        #expect(reason("\(tree.root)/t/a**b/*.db") == .misplacedDoubleStar)
        #expect(reason("\(tree.root)/t/**.db") == .misplacedDoubleStar)
        #expect(reason("\(tree.root)/t/nothing.db") == .noSuchFile)
        #expect(reason("\(tree.root)/nowhere/*.db") == .rootNotAFolder)
        #expect(reason("\(tree.root)/t/a.db/*.db") == .rootNotAFolder)
        let error = FleetSelectionError(.misplacedDoubleStar, pattern: "a**b")
        #expect(formattedDiagnostics(error) == ["kiln: error: '**' is only a whole path component, in 'a**b'"])
        #expect(error.diagnostics.first?.hint != nil)
        #expect("\(FleetSelectionError(.noSuchFile, pattern: "x.db"))" == "no file or folder at 'x.db'")
    }

    @Test(
        "a folder the pattern names as a file is listed refused (a fleet is files); a walk into it lists its files")
    func folderNamedLikeAFile() throws {
        let tree = try tenants()
        try tree.files(["t/folder.db/inside.db"])
        try tree.link("t/linked.db", to: "folder.db")
        #expect(try tree.listed("t/*.db") == ["a.db", "ab.db", "b.db", "folder.db", "linked.db"])
        let refused = try FleetSelection(pattern: "\(tree.root)/t/*.db").filter { $0.problem != nil }
        #expect(refused.map(\.relativePath).sorted() == ["folder.db", "linked.db"])
        #expect(refused.allSatisfy { $0.problem?.refusedKind == .directory })
        #expect(try tree.listed("t/*/inside.db") == ["folder.db/inside.db"])  // a link to a folder is not entered
        #expect(try tree.listed("t/**/*.db").contains("folder.db/inside.db"))
        #expect(try !tree.listed("t").contains("folder.db"))
    }

    @Test("symbolic links are listed, dangling or not, and never entered, so a loop ends")
    func symbolicLinks() throws {
        let tree = try SelectionFolder()
        try tree.files(["a/one.db", "b/two.db"])
        try tree.link("a/loop", to: "..")
        try tree.link("a/good.db", to: "one.db")
        try tree.link("a/dangling.db", to: "missing.db")
        try tree.link("a/b", to: "../b")
        // Links to folders (`loop`, `b`) are neither entered nor listed; links to files, even dangling, are.
        #expect(try tree.listed("a") == ["dangling.db", "good.db", "one.db"])
        #expect(try FleetSelection(pattern: "\(tree.root)/a").allSatisfy { $0.problem == nil })
        #expect(try tree.listed("a/**/*.db") == ["dangling.db", "good.db", "one.db"])
        #expect(try tree.listed("**/*") == ["a/dangling.db", "a/good.db", "a/one.db", "b/two.db"])
        let linkedRoot = try SelectionFolder()
        try linkedRoot.link("fleet", to: "\(tree.root)/b")
        #expect(try linkedRoot.listed("fleet") == ["two.db"])
    }

    @Test("count() is the number of files iteration gives, for the whole fleet and for a shard")
    func countMatchesIteration() throws {
        let tree = try tenants()
        for pattern in ["t", "t/**/*.db", "t/*.db", "t/eu/d.db"] {
            let selection = try FleetSelection(pattern: "\(tree.root)/\(pattern)")
            #expect(selection.count() == Array(selection).count)
            #expect(selection.count() == selection.count())
            let shard = try FleetSelection(pattern: "\(tree.root)/\(pattern)", shard: FleetShard(index: 2, count: 3))
            #expect(shard.count() == Array(shard).count)
        }
        #expect(try FleetSelection(pattern: "\(tree.root)/t").count() == 8)
    }
}

@Suite("Fleet selection: long patterns")
struct FleetSelectionLongPatternTests {
    @Test("positions past 63 live in further words: insert, contains, remove, union and popFirst agree")
    func positions() {
        var set = FleetPositions()
        #expect(set.isEmpty)
        for position in [0, 5, 63, 64, 100, 130] { set.insert(position) }
        #expect(!set.isEmpty)
        #expect([0, 5, 63, 64, 100, 130].allSatisfy { set.contains($0) })
        #expect(![1, 62, 65, 127, 128, 500].contains { set.contains($0) })
        set.remove(64)
        set.remove(1_000)
        #expect(!set.contains(64))
        var other = FleetPositions()
        other.insert(200)
        set.formUnion(other)
        var popped: [Int] = []
        while let position = set.popFirst() { popped.append(position) }
        #expect(popped == [0, 5, 63, 100, 130, 200])
        #expect(set.isEmpty)
    }

    @Test("a glob of 70 levels below its root matches, through ** as well")
    func seventyLevels() throws {
        let tree = try SelectionFolder()
        let folders = Array(repeating: "d", count: 69).joined(separator: "/")
        try tree.files(["t/\(folders)/x.db", "t/\(folders)/d/y.db"])
        let stars = Array(repeating: "*", count: 69).joined(separator: "/")
        #expect(try tree.listed("t/\(stars)/*.db") == ["\(folders)/x.db"])
        let starsThenAny = Array(repeating: "?", count: 68).joined(separator: "/")
        #expect(try tree.listed("t/\(starsThenAny)/**/*.db") == ["\(folders)/d/y.db", "\(folders)/x.db"])
        #expect(try tree.listed("t/**/\(stars)/*.db") == ["\(folders)/d/y.db", "\(folders)/x.db"])
    }
}

/// A temporary folder of empty files, links and subfolders, for the selection's tests.
final class SelectionFolder: @unchecked Sendable {
    /// The temporary folder, removed with the value.
    let folder: TemporaryDirectory
    /// Its absolute path.
    var root: String { folder.url.path }

    /// An empty folder.
    init() throws { folder = try TemporaryDirectory() }

    /// Creates empty files (and their folders) at `relativePaths`.
    func files(_ relativePaths: [String]) throws {
        for relative in relativePaths {
            try FileSystem.createDirectory(FileSystem.parentDirectory(of: "\(root)/\(relative)"))
            let descriptor = open("\(root)/\(relative)", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileSystemError(.create, path: relative, code: errno) }
            close(descriptor)
        }
    }

    /// Creates empty folders.
    func folders(_ relativePaths: [String]) throws {
        for relative in relativePaths { try FileSystem.createDirectory("\(root)/\(relative)") }
    }

    /// A symbolic link at `relative` whose target is `target`, as written.
    func link(_ relative: String, to target: String) throws {
        guard symlink(target, "\(root)/\(relative)") == 0 else {
            throw FileSystemError(.link, path: relative, code: errno)
        }
    }

    /// The relative paths `pattern` (below this folder) lists, sorted.
    func listed(_ pattern: String, shard: FleetShard? = nil) throws -> [String] {
        try FleetSelection(pattern: "\(root)/\(pattern)", shard: shard).map(\.relativePath).sorted()
    }
}

/// `setfsuid(2)`, found at run time (the C module does not export it). It changes the calling thread only.
private typealias SetFileSystemUser = @convention(c) (UInt32) -> Int32

/// Runs `body` on a thread of its own whose file-system user is `nobody`, so that a folder without permissions
/// cannot be read even when the tests run as root (root loses `CAP_DAC_READ_SEARCH` for that thread only).
/// Returns nil where the call is missing (not Linux).
func asNobody<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid") else { return nil }
    let setUser = unsafeBitCast(symbol, to: SetFileSystemUser.self)
    let done = NSCondition()
    nonisolated(unsafe) var result: Result?
    let thread = Thread {
        let previous = setUser(65534)
        let value = body()
        _ = setUser(UInt32(bitPattern: previous))
        done.lock()
        result = value
        done.signal()
        done.unlock()
    }
    thread.start()
    done.lock()
    while result == nil { done.wait() }
    done.unlock()
    return result
}
