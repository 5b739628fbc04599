import Foundation
import KilnTestSupport

@testable import Kiln

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

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
