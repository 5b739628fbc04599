import Foundation

/// The cross-process lock that serializes installs of one destination: `flock` on a hidden lock file beside
/// it. Every process that installs takes it, so files left by an install that was killed can be swept by the
/// next one, and two processes never both copy.
final class InstallLock {
    private let descriptor: Int32
    private let destination: String

    /// Waits for the lock of `destination`.
    init(destination: String) throws {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let path = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).kiln-lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let error = FileSystemError(operation: "open", path: path, code: errno)
            throw InstallerError(
                .fileSystem(error.description), "cannot \(error.description)",
                hint: "check that the destination folder exists and is writable")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let error = FileSystemError(operation: "flock", path: path, code: errno)
                close(descriptor)
                throw InstallerError(.fileSystem(error.description), "cannot \(error.description)")
            }
        }
    }

    /// Closing the descriptor releases the lock.
    deinit { close(descriptor) }

    /// A fresh temporary path beside `destination`.
    static func temporaryPath(for destination: String) -> String {
        let url = URL(fileURLWithPath: destination)
        return url.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(url.lastPathComponent).kiln-install-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            ).path
    }

    /// Removes temporary copies of earlier installs that were killed (they cannot belong to a live install:
    /// this process holds the lock).
    func sweepTemporaryFiles() throws {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).kiln-install-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(prefix) {
            do { try FileSystem.remove("\(folder)/\(name)") } catch let error as FileSystemError {
                throw InstallerError(.fileSystem(error.description), "cannot \(error.description)")
            }
        }
    }
}
