import Foundation

/// The names an install uses beside the user's copy: its lock file and its temporary copies. Installs of one
/// destination are serialized by ``FileLock`` on `.<name>.kiln-lock`, so files left by an install that was
/// killed can be swept by the next one, and two processes never both copy.
enum InstallLock {
    /// The lock file of `destination`.
    static func lockPath(for destination: String) -> String {
        "\(FileSystem.parentDirectory(of: destination))/.\(FileSystem.lastComponent(of: destination)).kiln-lock"
    }

    /// A fresh temporary path beside `destination`.
    static func temporaryPath(for destination: String) -> String {
        let folder = FileSystem.parentDirectory(of: destination)
        let random = UInt32.random(in: 0...UInt32.max)
        return "\(folder)/.\(FileSystem.lastComponent(of: destination)).kiln-install-\(getpid())-\(random)"
    }

    /// Removes temporary copies of earlier installs that were killed (they cannot belong to a live install:
    /// the caller holds the lock).
    static func sweepTemporaryFiles(of destination: String) throws {
        let folder = FileSystem.parentDirectory(of: destination)
        let prefix = ".\(FileSystem.lastComponent(of: destination)).kiln-install-"
        try FileSystem.removeEntries(in: folder) { $0.hasPrefix(prefix) }
    }
}
