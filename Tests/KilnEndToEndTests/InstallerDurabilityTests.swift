import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A C shim, preloaded into the real `kiln`, that fails the N-th `fsync` of a folder (or of a file) with `EIO`,
/// and every `copy_file_range` with the `errno` in `KILN_SHIM_COPY_ERRNO` when that is set.
private let fsyncShim = """
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <errno.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/stat.h>
    #include <unistd.h>

    static int seen;

    int fsync(int fd) {
        static int (*real)(int);
        if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
        const char *kind = getenv("KILN_SHIM_KIND");
        const char *nth = getenv("KILN_SHIM_NTH");
        struct stat status;
        if (kind && nth && fstat(fd, &status) == 0) {
            int isFolder = S_ISDIR(status.st_mode);
            if ((strcmp(kind, "folder") == 0) == isFolder && ++seen == atoi(nth)) {
                errno = EIO;
                return -1;
            }
        }
        return real(fd);
    }

    ssize_t copy_file_range(int in, off64_t *inOffset, int out, off64_t *outOffset, size_t length, unsigned flags) {
        static ssize_t (*real)(int, off64_t *, int, off64_t *, size_t, unsigned);
        if (!real) real = (ssize_t (*)(int, off64_t *, int, off64_t *, size_t, unsigned))dlsym(RTLD_NEXT, "copy_file_range");
        const char *fail = getenv("KILN_SHIM_COPY_ERRNO");
        if (fail) {
            errno = atoi(fail);
            return -1;
        }
        return real(in, inOffset, out, outOffset, length, flags);
    }
    """

/// Where the C compiler is, when there is one.
private let compiler = ["/usr/bin/gcc", "/usr/bin/cc"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// `kiln install` when an `fsync` fails: before the publishing `link` it is an error and nothing is published;
/// after it (the folder's fsync) the install happened, and kiln says the new name may not be durable.
@Suite(
    "Installer copy and durability under injected fsync and copy_file_range failures",
    .enabled(if: compiler != nil && isLinux))
struct InstallerDurabilityTests {
    /// A folder with a bundled database and the compiled shim.
    fileprivate func setUp() throws -> (TemporaryDirectory, shim: String) {
        let folder = try TemporaryDirectory()
        let source = try folder.write("shim/fsync.c", fsyncShim)
        let shim = folder.path("shim/fsync.so")
        let gcc = try run(compiler ?? "gcc", ["-shared", "-fPIC", "-o", shim, source, "-ldl"], in: folder.url)
        try #require(gcc.status == 0, "\(gcc.standardError)")
        try folder.write("migrations/0001_create.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        let set = try MigrationSet.load(directory: folder.path("migrations"))
        try Migrator(migrations: set).migrate(fileAt: folder.path("bundled.sqlite"))
        let db = try SQLiteConnection(path: folder.path("bundled.sqlite"))
        try db.execute(sql: "INSERT INTO item (name) VALUES ('apple'), ('pear')")
        try db.close()
        try FileManager.default.createDirectory(atPath: folder.path("app"), withIntermediateDirectories: true)
        return (folder, shim)
    }

    /// Runs `kiln install` with the shim failing the `nth` fsync of a `kind` ("folder" or "file").
    private func install(in folder: TemporaryDirectory, shim: String, kind: String, nth: Int, json: Bool = false)
        throws -> ProcessResult
    {
        try install(
            in: folder, environment: ["LD_PRELOAD": shim, "KILN_SHIM_KIND": kind, "KILN_SHIM_NTH": String(nth)],
            json: json)
    }

    /// Runs `kiln install` of the bundle to `app/app.sqlite` with `environment` added.
    fileprivate func install(in folder: TemporaryDirectory, environment: [String: String], json: Bool = false) throws
        -> ProcessResult
    {
        try run(
            KilnBinary.url.path,
            ["install", "--bundled", "bundled.sqlite", "--to", "app/app.sqlite"] + (json ? ["--json"] : []),
            in: folder.url, environment: environment)
    }

    /// The names in the app's folder other than kiln's lock file.
    fileprivate func leftovers(_ folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path("app")).filter { !$0.hasSuffix(".kiln-lock") }
            .sorted()
    }

    @Test("the folder's fsync fails after link() published the copy: exit 0, the copy, and a warning line")
    func folderFsyncFailsAfterPublishing() throws {
        let (folder, shim) = try setUp()
        let result = try install(in: folder, shim: shim, kind: "folder", nth: 1)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "copied the bundled database to app/app.sqlite\n")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("kiln: warning: installed ") == true)
        #expect(lines.first?.contains("app/app.sqlite, but cannot fsync ") == true)
        #expect(lines.first?.hasSuffix(": Input/output error: the new name may not survive a power loss") == true)
        #expect(lines.last?.hasPrefix("kiln: note: the copy is complete") == true)
        #expect(try folder.read("app/app.sqlite") == folder.read("bundled.sqlite"))
        #expect(try leftovers(folder) == ["app.sqlite"])
        // The next run finds the copy up to date, with nothing injected.
        let next = try KilnBinary.run(
            ["install", "--bundled", "bundled.sqlite", "--to", "app/app.sqlite"], in: folder.url)
        #expect(next.status == 0)
        #expect(next.standardOutput == "app/app.sqlite is up to date\n")
    }

    @Test("--json carries the warning as durabilityWarning")
    func folderFsyncFailsJSON() throws {
        let (folder, shim) = try setUp()
        let result = try install(in: folder, shim: shim, kind: "folder", nth: 1, json: true)
        #expect(result.status == 0, "\(result.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(document?["outcome"] as? String == "copied")
        let warning = document?["durabilityWarning"] as? String
        #expect(warning?.contains("cannot fsync ") == true)
        #expect(result.standardError.hasPrefix("kiln: warning: installed "))
    }

    @Test("the copy's own fsync fails before publishing: exit 1 and nothing published, nothing left over")
    func fileFsyncFailsBeforePublishing() throws {
        let (folder, shim) = try setUp()
        let result = try install(in: folder, shim: shim, kind: "file", nth: 1)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("kiln: error: cannot fsync "), "\(result.standardError)")
        #expect(result.standardError.contains("Input/output error"))
        #expect(try leftovers(folder) == [])
    }
}

extension InstallerDurabilityTests {
    @Test("copy_file_range refused (ENOSYS, EXDEV, EINVAL, EOPNOTSUPP): the copy falls back to read/write")
    func copyFallsBack() throws {
        let (folder, shim) = try setUp()
        for code in [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP] {
            try? FileManager.default.removeItem(atPath: folder.path("app/app.sqlite"))
            let result = try install(in: folder, environment: ["LD_PRELOAD": shim, "KILN_SHIM_COPY_ERRNO": "\(code)"])
            #expect(result.status == 0, "errno \(code): \(result.standardError)")
            #expect(result.standardError == "")
            #expect(try folder.read("app/app.sqlite") == folder.read("bundled.sqlite"))
        }
    }

    @Test("copy_file_range failing with EIO is an error naming the file, and nothing is published")
    func copyFails() throws {
        let (folder, shim) = try setUp()
        let result = try install(in: folder, environment: ["LD_PRELOAD": shim, "KILN_SHIM_COPY_ERRNO": "\(EIO)"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("kiln: error: cannot write "), "\(result.standardError)")
        #expect(result.standardError.contains("Input/output error"))
        #expect(try leftovers(folder) == [])
    }
}

/// Whether the tests run on Linux, where `LD_PRELOAD` interposes `fsync`.
#if os(Linux)
    private let isLinux = true
#else
    private let isLinux = false
#endif

/// Runs `executable` with `arguments` in `directory`, with `environment` added to this process's, and waits.
private func run(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:])
    throws -> ProcessResult
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(
        environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { new, _ in new }
    ) { _, new in new }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Small outputs: both fit in a pipe's buffer, so reading one after the other cannot block.
    process.waitUntilExit()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    return ProcessResult(
        status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}
