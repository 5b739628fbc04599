import Foundation

/// The few file operations the bundler needs to publish a file atomically and durably, as thin wrappers over
/// POSIX calls whose failures become ``FileSystemError``s.
package enum FileSystem {
    /// `fsync` of a file or folder.
    package static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileSystemError(operation: "fsync", path: path, code: errno) }
    }

    /// `rename(2)`: atomically replaces `destination` with `source` (same file system).
    package static func rename(_ source: String, to destination: String) throws {
        guard Foundation.rename(source, destination) == 0 else {
            throw FileSystemError(operation: "rename", path: source, code: errno)
        }
    }

    /// `link(2)`: a second name for a file; fails if the name exists.
    package static func link(_ source: String, to destination: String) throws {
        guard Foundation.link(source, destination) == 0 else {
            throw FileSystemError(operation: "link", path: destination, code: errno)
        }
    }

    /// `unlink(2)`, where a missing file is not an error.
    package static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileSystemError(operation: "unlink", path: path, code: errno)
        }
    }

    /// Whether something exists at `path` (without following a final symbolic link).
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Creates a folder and its parents.
    package static func createDirectory(_ path: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw FileSystemError(operation: "mkdir", path: path, code: EACCES, detail: error.localizedDescription)
        }
    }
}

/// A file operation failed; `code` is the `errno` value.
public struct FileSystemError: DiagnosticError, CustomStringConvertible {
    /// The POSIX call, e.g. `rename`.
    public let operation: String
    /// The path it was called on.
    public let path: String
    /// `errno`.
    public let code: Int32
    /// Extra detail, if any.
    public var detail: String?

    package init(operation: String, path: String, code: Int32, detail: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.detail = detail
    }

    public var description: String {
        "\(operation) \(path): \(detail ?? String(cString: strerror(code)))"
    }

    public var diagnostics: [Diagnostic] { [Diagnostic(.error, "cannot \(description)")] }
}
