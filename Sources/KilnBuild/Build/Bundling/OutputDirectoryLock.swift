import Foundation
import Kiln

/// The exclusive lock on a build's output folder (``FileLock`` on `.kiln-build.lock`), held for a whole build.
///
/// Because every build holds it while it writes, temporary files present when the lock is taken belong to a
/// build that was killed, and are swept; a running build's temporary files are never touched.
enum OutputDirectoryLock {
    /// The suffix of every temporary file a build makes in the output folder.
    static let temporarySuffix = ".kiln-tmp"

    /// Runs `body` holding the lock on `directory`, after removing stale temporary files. `waiting` is called
    /// once if another build holds the lock.
    static func withLock<Result>(directory: String, waiting: () -> Void = {}, _ body: () throws -> Result) throws
        -> Result
    {
        try FileLock.withExclusiveLock(at: "\(directory)/.kiln-build.lock", onWait: waiting) {
            try sweep(directory)
            return try body()
        }
    }

    /// Removes temporary files (and their side files) of earlier, killed builds. A temporary file whose writer
    /// is still alive is left alone: a file written beside the output outside this lock (an Xcode file list in
    /// the same folder, `.<name>.kiln-tmp-write-<pid>-<random>`) belongs to a running process.
    private static func sweep(_ directory: String) throws {
        try FileSystem.removeEntries(in: directory) {
            $0.hasPrefix(".") && $0.contains(temporarySuffix) && !writerIsAlive($0)
        }
    }

    /// Whether the process named in a temporary file's name (`…-<pid>-<random>`, then perhaps `-journal`)
    /// still runs. This process's own files count as dead: under the lock it has none in progress.
    private static func writerIsAlive(_ name: String) -> Bool {
        let start = name.range(of: temporarySuffix)?.upperBound ?? name.endIndex
        let suffix = name[start...]
        let numbers = suffix.split(separator: "-").compactMap { Int32($0) }
        guard let pid = numbers.first, pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// A fresh temporary path in `directory` for building `file`.
    static func temporaryPath(in directory: String, for file: String) -> String {
        "\(directory)/.\(file)\(temporarySuffix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }
}
