import Foundation
import Kiln
import KilnTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// What `body` threw, run under a 60-second deadline (a hang on a FIFO is a failure, not a stuck suite).
private func thrownWithinDeadline(unblocking fifos: [String], _ body: @escaping @Sendable () throws -> Void)
    -> (any Error)?
{
    let outcome = withDeadline(60, unblocking: fifos) { () -> Result<Bool, any Error> in
        do {
            try body()
            return .success(true)
        } catch { return .failure(error) }
    }
    switch outcome {
    case nil:
        Issue.record("the call blocked for more than 60 seconds")
        return nil
    case .success?:
        Issue.record("the call did not throw")
        return nil
    case .failure(let error)?: return error
    }
}

/// The refusal `body` threw: a ``FileSystemError`` naming `path` as not a regular file.
private func refusal(of path: String, fifos: [String] = [], _ body: @escaping @Sendable () throws -> Void)
    -> FileSystemError?
{
    guard let error = thrownWithinDeadline(unblocking: fifos, body) else { return nil }
    guard let refused = error as? FileSystemError else {
        Issue.record("expected a FileSystemError, got \(error)")
        return nil
    }
    #expect(refused.path == path)
    return refused
}

@Suite("Inputs that are not regular files")
struct NonRegularInputTests {
    @Test("reading a FIFO is refused at once as a FIFO, with no made-up errno")
    func fifoRead() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("pipe")
        try makeFIFO(fifo)
        let error = try #require(refusal(of: fifo, fifos: [fifo]) { _ = try FileSystem.contents(of: fifo) })
        #expect(error.cause == .notARegularFile(.fifo))
        #expect(error.refusedKind == .fifo)
        #expect(error.code == nil)
        #expect(error.operation == .open)
        #expect(error.description == "open \(fifo): Is a FIFO")
        #expect(formattedDiagnostics(error) == ["kiln: error: cannot open \(fifo): Is a FIFO"])
    }

    @Test("a folder, a socket and a device are refused by kind; a folder keeps the system's EISDIR")
    func otherKinds() throws {
        let folder = try TemporaryDirectory()
        let directory = folder.path("folder")
        try FileSystem.createDirectory(directory)
        let socketPath = folder.path("s.sock")
        try makeSocketFile(socketPath)
        let cases: [(String, FileKind, String)] = [
            (directory, .directory, "Is a directory"), (socketPath, .socket, "Is a socket"),
            ("/dev/null", .characterDevice, "Is a character device"),
        ]
        for (path, kind, text) in cases {
            let error = try #require(refusal(of: path) { _ = try FileDescriptor(opening: path, .readOnly) })
            #expect(error.cause == .notARegularFile(kind))
            #expect(error.systemMessage == text)
            #expect(error.code == (kind == .directory ? EISDIR : nil))
        }
    }

    @Test("a symbolic link is followed: to a regular file it reads, to a FIFO it is refused as a FIFO")
    func symbolicLinks() throws {
        let folder = try TemporaryDirectory()
        let target = try folder.write("data.txt", "hello")
        let fifo = folder.path("pipe")
        try makeFIFO(fifo)
        #expect(symlink(target, folder.path("to-data")) == 0)
        #expect(symlink(fifo, folder.path("to-pipe")) == 0)
        #expect(try FileSystem.contents(of: folder.path("to-data")) == Array("hello".utf8))
        let link = folder.path("to-pipe")
        let error = try #require(refusal(of: link, fifos: [fifo]) { _ = try FileSystem.contents(of: link) })
        #expect(error.refusedKind == .fifo)
    }

    @Test("a regular file is read with O_NONBLOCK turned off again")
    func regularFileBlocks() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("data.txt", "hello")
        let file = try FileDescriptor(opening: path, .readOnly)
        #expect(fcntl(file.rawValue, F_GETFL) & O_NONBLOCK == 0)
        #expect(try file.readToEnd() == Array("hello".utf8))
    }

    @Test("a folder can still be fsynced")
    func syncFolder() throws {
        let folder = try TemporaryDirectory()
        try FileSystem.sync(folder.url.path)
    }

    @Test("SQLite never opens a FIFO or a folder: the path is refused first, URIs included")
    func sqliteRefusesNonRegular() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("pipe.db")
        try makeFIFO(fifo)
        let directory = folder.path("folder.db")
        try FileSystem.createDirectory(directory)
        for mode in [SQLiteConnection.OpenMode.readOnly, .readWrite, .readWriteCreate] {
            let pipe = try #require(
                refusal(of: fifo, fifos: [fifo]) { _ = try SQLiteConnection(path: fifo, mode: mode) })
            #expect(pipe.refusedKind == .fifo)
            let dir = try #require(refusal(of: directory) { _ = try SQLiteConnection(path: directory, mode: mode) })
            #expect(formattedDiagnostics(dir) == ["kiln: error: cannot open \(directory): Is a directory"])
        }
        let uri = "file:\(fifo.replacingOccurrences(of: "pipe.db", with: "pipe%2Edb"))?mode=ro&immutable=1"
        let viaURI = try #require(
            refusal(of: fifo, fifos: [fifo]) { _ = try SQLiteConnection(path: uri, mode: .readOnly) })
        #expect(viaURI.refusedKind == .fifo)
        #expect(try SQLiteConnection(path: "file:memory-db?mode=memory").integer(sql: "SELECT 1") == 1)
    }

    @Test("a FIFO where SQLite would look for a hot journal is refused, naming the journal")
    func journalFIFO() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("real.db")
        try SQLiteConnection(path: path).execute(sql: "CREATE TABLE t (x)")
        let journal = path + "-journal"
        try makeFIFO(journal)
        let error = try #require(
            refusal(of: journal, fifos: [journal]) { _ = try SQLiteConnection(path: path, mode: .readOnly) })
        #expect(error.refusedKind == .fifo)
    }

    @Test("a database SQLite cannot create names the path and the system's reason")
    func cannotCreateNamesPath() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path(String(repeating: "a", count: 300) + ".db")
        let error = try #require(throws: FileSystemError.self) { try SQLiteConnection(path: path) }
        #expect(error.path == path)
        #expect(error.code == ENAMETOOLONG)
        let inMissingFolder = folder.path("no/such/folder.db")
        let missing = try #require(throws: FileSystemError.self) { try SQLiteConnection(path: inMissingFolder) }
        #expect(missing.isMissing)
        #expect(missing.path == inMissingFolder)
    }

    @Test("a database in a folder that refuses new files names the path and the folder's reason, not ENOENT")
    func unwritableFolder() throws {
        let folder = try TemporaryDirectory()
        let locked = folder.path("locked")
        try FileSystem.createDirectory(locked)
        #expect(chmod(locked, 0o555) == 0)
        var immutable = false
        if access(locked, W_OK) == 0 {  // Root ignores the mode; an immutable folder refuses root too.
            immutable = (try? runChattr("+i", locked)) == 0
            guard immutable else { return }  // Neither is possible here: nothing to test.
        }
        defer {
            if immutable { _ = try? runChattr("-i", locked) }
            chmod(locked, 0o755)
        }
        let path = locked + "/new.db"
        let error = try #require(throws: FileSystemError.self) { try SQLiteConnection(path: path) }
        #expect(error.path == path)
        #expect(error.code == (immutable ? EPERM : EACCES))
        #expect(formattedDiagnostics(error) == ["kiln: error: cannot open \(path): \(error.systemMessage)"])
    }

    @Test("migrating a FIFO is refused at once")
    func migrateFIFO() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("pipe.db")
        try makeFIFO(fifo)
        let migrator = Migrator(migrations: try migrationSet("t", [("0001_t.sql", "CREATE TABLE t (x);")]))
        let error = try #require(refusal(of: fifo, fifos: [fifo]) { _ = try migrator.migrate(fileAt: fifo) })
        #expect(error.refusedKind == .fifo)
    }

    @Test("the installer refuses a FIFO as its bundled file or its destination, as an InstallerError")
    func installerFIFOs() throws {
        let folder = try TemporaryDirectory()
        let bundled = folder.path("bundled.db")
        try SQLiteConnection(path: bundled).execute(sql: "CREATE TABLE t (x); PRAGMA user_version = 1")
        let fifo = folder.path("pipe.db")
        try makeFIFO(fifo)
        for (from, to) in [(fifo, folder.path("copy.db")), (bundled, fifo)] {
            let installer = DatabaseInstaller(
                bundled: URL(fileURLWithPath: from), destination: URL(fileURLWithPath: to), lockTimeout: 5)
            let error = thrownWithinDeadline(unblocking: [fifo]) { _ = try installer.install() }
            let installError = try #require(error as? InstallerError)
            #expect(installError.fileSystemError?.refusedKind == .fifo)
            #expect(installError.fileSystemError?.path == fifo)
        }
    }
}

/// Runs `chattr` and returns its exit status (it is absent, or refuses, where the file system has no flags).
private func runChattr(_ flag: String, _ path: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["chattr", flag, path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
