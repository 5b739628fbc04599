#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// A file operation failed. ``code`` is the `errno` the system call set, never one made up, so a caller can
/// tell a full disk (``isDiskFull``) from a missing folder or a permission problem.
public struct FileSystemError: DiagnosticError, Equatable, CustomStringConvertible {
    /// The operation that failed, named after the system call behind it.
    public enum Operation: String, Sendable {
        /// `open(2)` of an existing file.
        case open
        /// `open(2)` with `O_CREAT | O_EXCL`.
        case create
        /// `read(2)` or `pread(2)`.
        case read
        /// `write(2)`.
        case write
        /// `fsync(2)`.
        case fsync
        /// `close(2)`, which can report a write that failed late.
        case close
        /// `rename(2)`.
        case rename
        /// `link(2)`.
        case link
        /// `unlink(2)`.
        case unlink
        /// `mkdir(2)`.
        case mkdir
        /// `opendir(3)` or `readdir(3)`: listing a folder.
        case list
        /// `stat(2)` or `fstat(2)`.
        case stat
        /// `flock(2)`.
        case lock
    }

    /// The operation.
    public let operation: Operation
    /// The path it was called on.
    public let path: String
    /// The `errno` value the call set.
    public let code: Int32
    /// For a lock that could not be taken in time: who holds it, as the system reports it
    /// (e.g. `process 4242 (kiln)`), when that is known.
    public let holder: String?

    /// An error from a failed system call; `code` is its `errno`.
    public init(_ operation: Operation, path: String, code: Int32, holder: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.holder = holder
    }

    /// Whether the call failed because the disk (or the user's quota) is full.
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

    /// Whether the call failed because the path or one of its folders does not exist.
    public var isMissing: Bool { code == ENOENT }

    /// The system's text for ``code``, e.g. `No space left on device`.
    public var systemMessage: String { String(cString: strerror(code)) }

    /// `operation path: reason`, e.g. `rename a.db: No space left on device`.
    public var description: String {
        if operation == .lock, code == EWOULDBLOCK {
            return "lock \(path): it is held by \(holder ?? "another process") and was not released in time"
        }
        return "\(operation.rawValue) \(path): \(systemMessage)"
    }

    /// One error: `cannot <description>`.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, "cannot \(description)")] }
}
