import Foundation
import Kiln
import KilnTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

@Suite("File-system core")
struct FilesTests {
    @Test("a file descriptor writes, reads back, reads at an offset, and reports its size")
    func readWrite() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("data.bin")
        let bytes = Array("hello, kiln".utf8)
        let output = try FileDescriptor(opening: path, .createNew(permissions: 0o600))
        try output.write(bytes)
        try output.sync()
        try output.close()

        let input = try FileDescriptor(opening: path, .readOnly)
        #expect(try input.isRegularFile())
        #expect(try input.size() == bytes.count)
        #expect(try input.read(upTo: 4, at: 7) == Array("kiln".utf8))
        #expect(try input.read(upTo: 100, at: 7) == Array("kiln".utf8))
        #expect(try input.readToEnd() == bytes)
        #expect(try input.readToEnd() == [])
        try input.close()
        #expect(try FileSystem.contents(of: path) == bytes)
        #expect(try FileSystem.prefix(of: path, count: 5) == Array("hello".utf8))
    }

    @Test("creating a file that exists fails with EEXIST and leaves it alone")
    func createNewRefusesExisting() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("taken.txt", "old")
        let error = try #require(throws: FileSystemError.self) {
            _ = try FileDescriptor(opening: path, .createNew(permissions: 0o644))
        }
        #expect(error.operation == .create)
        #expect(error.code == EEXIST)
        #expect(error.path == path)
        #expect(try folder.read("taken.txt") == Array("old".utf8))
    }

    @Test("opening a missing file carries ENOENT, and the error says so")
    func missingFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("nope.txt")
        let error = try #require(throws: FileSystemError.self) { _ = try FileSystem.contents(of: path) }
        #expect(error.operation == .open)
        #expect(error.code == ENOENT)
        #expect(error.isMissing)
        #expect(!error.isDiskFull)
        #expect(error.description == "open \(path): \(String(cString: strerror(ENOENT)))")
        #expect(formattedDiagnostics(error) == ["kiln: error: cannot open \(path): No such file or directory"])
    }

    @Test("a full disk or quota is told apart from other failures")
    func diskFull() {
        #expect(FileSystemError(.write, path: "a", code: ENOSPC).isDiskFull)
        #expect(FileSystemError(.write, path: "a", code: EDQUOT).isDiskFull)
        #expect(!FileSystemError(.write, path: "a", code: EIO).isDiskFull)
    }

    @Test("writing atomically replaces the file and leaves no temporary file behind")
    func writeAtomicallyReplaces() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("kiln.sum", "old")
        try FileSystem.writeAtomically(Array("new".utf8), to: path)
        #expect(try folder.read("kiln.sum") == Array("new".utf8))
        #expect(try FileSystem.contentsOfDirectory(folder.path(".")) == ["kiln.sum"])
        try FileSystem.writeAtomically(Array("fresh".utf8), to: folder.path("other.txt"))
        #expect(try folder.read("other.txt") == Array("fresh".utf8))
    }

    @Test("writing atomically sweeps its folder's temporary files of writers that ended, never a live writer's")
    func writeAtomicallySweepsEndedWriters() throws {
        let folder = try TemporaryDirectory()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        let ended = ".0003_plan.sql.kiln-tmp-write-\(child.processIdentifier)-7"
        let live = ".kiln.sum.kiln-tmp-write-\(getpid())-7"
        for name in [ended, live, "notes.kiln-tmp-write-1-2"] { try folder.write(name, "half") }
        try FileSystem.writeAtomically(Array("new".utf8), to: folder.path("kiln.sum"))
        let left = try FileSystem.contentsOfDirectory(folder.path(".")).sorted()
        #expect(left == ["kiln.sum", live, "notes.kiln-tmp-write-1-2"].sorted())
    }

    @Test("writing atomically with creatingOnly refuses a taken name with EEXIST and leaves nothing behind")
    func writeAtomicallyCreatingOnly() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("0001_a.sql")
        try FileSystem.writeAtomically(Array("first".utf8), to: path, .creatingOnly)
        #expect(try folder.read("0001_a.sql") == Array("first".utf8))
        let error = try #require(throws: FileSystemError.self) {
            try FileSystem.writeAtomically(Array("second".utf8), to: path, .creatingOnly)
        }
        #expect(error.operation == .link)
        #expect(error.code == EEXIST)
        #expect(try folder.read("0001_a.sql") == Array("first".utf8))
        #expect(try FileSystem.contentsOfDirectory(folder.path(".")) == ["0001_a.sql"])
    }

    @Test("writing atomically into a missing folder fails with the real errno")
    func writeAtomicallyMissingFolder() throws {
        let folder = try TemporaryDirectory()
        let error = try #require(throws: FileSystemError.self) {
            try FileSystem.writeAtomically([1], to: folder.path("missing/file"))
        }
        #expect(error.code == ENOENT)
    }

    @Test("creating folders makes the parents, accepts an existing folder, and reports what mkdir says")
    func createDirectory() throws {
        let folder = try TemporaryDirectory()
        try FileSystem.createDirectory(folder.path("a/b/c"))
        #expect(FileSystem.isDirectory(folder.path("a/b/c")))
        try FileSystem.createDirectory(folder.path("a/b"))
        let file = try folder.write("plain", "x")
        let error = try #require(throws: FileSystemError.self) { try FileSystem.createDirectory(file + "/sub") }
        #expect(error.operation == .mkdir)
        #expect(error.code == ENOTDIR || error.code == EEXIST)
        let onFile = try #require(throws: FileSystemError.self) { try FileSystem.createDirectory(file) }
        #expect(onFile.code == EEXIST)
    }

    @Test("listing a folder gives its names without . and .., and a missing folder's errno")
    func contentsOfDirectory() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("b.sql", "")
        _ = try folder.write(".hidden", "")
        try FileSystem.createDirectory(folder.path("sub"))
        #expect(try FileSystem.contentsOfDirectory(folder.path(".")).sorted() == [".hidden", "b.sql", "sub"])
        let error = try #require(throws: FileSystemError.self) {
            _ = try FileSystem.contentsOfDirectory(folder.path("missing"))
        }
        #expect(error.operation == .list)
        #expect(error.code == ENOENT)
        let notFolder = try #require(throws: FileSystemError.self) {
            _ = try FileSystem.contentsOfDirectory(folder.path("b.sql"))
        }
        #expect(notFolder.code == ENOTDIR)
    }

    @Test("rename, link and remove carry the real errno; removing a missing file is fine")
    func renameLinkRemove() throws {
        let folder = try TemporaryDirectory()
        let source = try folder.write("a", "x")
        try FileSystem.link(source, to: folder.path("b"))
        #expect(throws: FileSystemError(.link, path: folder.path("b"), code: EEXIST)) {
            try FileSystem.link(source, to: folder.path("b"))
        }
        try FileSystem.rename(folder.path("b"), to: folder.path("c"))
        #expect(!FileSystem.exists(folder.path("b")))
        #expect(throws: FileSystemError(.rename, path: folder.path("b"), code: ENOENT)) {
            try FileSystem.rename(folder.path("b"), to: folder.path("d"))
        }
        try FileSystem.remove(folder.path("c"))
        try FileSystem.remove(folder.path("c"))
        #expect(!FileSystem.exists(folder.path("c")))
    }

    @Test("paths split into folder and last component")
    func pathParts() {
        #expect(FileSystem.parentDirectory(of: "a/b/c.db") == "a/b")
        #expect(FileSystem.parentDirectory(of: "/c.db") == "/")
        #expect(FileSystem.parentDirectory(of: "c.db") == ".")
        #expect(FileSystem.lastComponent(of: "a/b/") == "b")
        #expect(FileSystem.lastComponent(of: "c.db") == "c.db")
    }

    @Test("a file lock excludes a second holder until the first lets go")
    func lockExcludes() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("build.lock")
        let holder = LockHolder(path: path)
        let error = try #require(throws: FileSystemError.self) {
            try FileLock.withExclusiveLock(at: path, timeout: 0.1) { Issue.record("the lock was taken twice") }
        }
        #expect(error.operation == .lock)
        #expect(error.code == EWOULDBLOCK)
        #if os(Linux)
            let holderName = try #require(error.holder)
            #expect(holderName.hasPrefix("process \(getpid())"), "\(holderName)")
            #expect(error.description.contains("it is held by process \(getpid())"))
        #endif
        holder.unlock()
        var ran = false
        try FileLock.withExclusiveLock(at: path, timeout: 1) { ran = true }
        #expect(ran)
    }

    @Test("a file lock waits for its holder, calling onWait once, then runs the body")
    func lockWaits() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("build.lock")
        let holder = LockHolder(path: path)
        var waits = 0
        let started = Date()
        // The holder lets go 0.1 s after the waiter says it waits (not 0.1 s after the start: on a loaded
        // machine the waiter may not have asked by then, and would find the lock free).
        let onWait = {
            waits += 1
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { holder.unlock() }
        }
        let value = try FileLock.withExclusiveLock(at: path, onWait: onWait) { 42 }
        if waits == 0 { holder.unlock() }
        #expect(value == 42)
        #expect(waits == 1)
        #expect(Date().timeIntervalSince(started) >= 0.05)
    }

    @Test("a file lock is released when the body throws")
    func lockReleasedOnThrow() throws {
        struct Failure: Error {}
        let folder = try TemporaryDirectory()
        let path = folder.path("build.lock")
        #expect(throws: Failure.self) { try FileLock.withExclusiveLock(at: path) { throw Failure() } }
        var ran = false
        try FileLock.withExclusiveLock(at: path, timeout: 0) { ran = true }
        #expect(ran)
    }
}

@Suite("Paths that climb above the root folder")
struct ParentsAboveRootTests {
    @Test("a path whose .. climb above / is opened through its folder's real path; any other is left alone")
    func aboveRoot() throws {
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        let depth = folder.split(separator: "/").count
        let climbing = "/" + String(repeating: "../", count: depth + 2) + folder.dropFirst() + "/x.db"
        #expect(FileSystem.droppingParentsAboveRoot(climbing) == folder + "/x.db")
        #expect(FileSystem.droppingParentsAboveRoot(folder + "/a/../x.db") == folder + "/a/../x.db")
        #expect(FileSystem.droppingParentsAboveRoot("x.db") == "x.db")
        #expect(FileSystem.droppingParentsAboveRoot("/../../nowhere-\(UUID().uuidString)/x.db").hasPrefix("/../"))
    }
}
