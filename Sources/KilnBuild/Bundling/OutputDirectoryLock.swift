import Foundation
import Kiln

/// An exclusive lock on a build's output folder (`flock` on `.kiln-build.lock`), held for a whole build.
///
/// Because every build holds it while it writes, temporary files present when the lock is taken belong to a
/// build that was killed, and are swept; a running build's temporary files are never touched.
final class OutputDirectoryLock {
    private let descriptor: Int32

    /// The suffix of every temporary file a build makes in the output folder.
    static let temporarySuffix = ".kiln-tmp"

    /// Waits for the lock on `directory`, then removes stale temporary files. `waiting` is called once if
    /// another build holds the lock.
    init(directory: String, waiting: () -> Void = {}) throws {
        let path = "\(directory)/.kiln-build.lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    throw FileSystemError(operation: "flock", path: path, code: errno)
                }
            }
        }
        do { try Self.sweep(directory) } catch {
            close(descriptor)
            throw error
        }
    }

    /// Closing the descriptor releases the lock.
    deinit { close(descriptor) }

    /// Removes temporary files (and their side files) of earlier, killed builds.
    private static func sweep(_ directory: String) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(".") && name.contains(temporarySuffix) {
            try FileSystem.remove("\(directory)/\(name)")
        }
    }

    /// A fresh temporary path in `directory` for building `file`.
    static func temporaryPath(in directory: String, for file: String) -> String {
        "\(directory)/.\(file)\(temporarySuffix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }
}
