#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// A file operation failed. ``cause`` says why: the `errno` a system call set, never one made up, so a caller
/// can tell a full disk (``isDiskFull``) from a missing folder or a permission problem; or a path that is not
/// a regular file (a folder, a FIFO, a socket, a device), which kiln refuses before it reads or opens it as a
/// database, so nothing waits forever on a pipe.
public struct FileSystemError: DiagnosticError, Equatable, CustomStringConvertible {
    /// Why the operation failed.
    public enum Cause: Equatable, Sendable {
        /// The system call failed and set this `errno`.
        case system(errno: Int32)
        /// The path names something other than a regular file (symbolic links followed); kiln refused it
        /// without reading from it or writing to it.
        case notARegularFile(FileKind)
    }

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
        /// `realpath(3)`: resolving a path's symbolic links.
        case resolve
    }

    /// The operation.
    public let operation: Operation
    /// The path it was called on.
    public let path: String
    /// Why it failed.
    public let cause: Cause
    /// For a lock that could not be taken in time: who holds it, as the system reports it
    /// (e.g. `process 4242 (kiln)`), when that is known.
    public let holder: String?

    /// An error from a failed system call; `code` is its `errno`.
    package init(_ operation: Operation, path: String, code: Int32, holder: String? = nil) {
        self.operation = operation
        self.path = path
        self.cause = .system(errno: code)
        self.holder = holder
    }

    /// A refusal of `path`, which is `kind` and not a regular file.
    package init(_ operation: Operation, path: String, notARegularFile kind: FileKind) {
        self.operation = operation
        self.path = path
        self.cause = .notARegularFile(kind)
        self.holder = nil
    }

    /// The `errno` of a failed system call. For a refused folder it is `EISDIR`, the code `read(2)` and
    /// `write(2)` set on a folder; for the other kinds refused as not a regular file there is none (nil).
    public var code: Int32? {
        switch cause {
        case .system(let code): code
        case .notARegularFile(let kind): kind == .directory ? EISDIR : nil
        }
    }

    /// What the path is, when it was refused as not a regular file.
    public var refusedKind: FileKind? {
        if case .notARegularFile(let kind) = cause { return kind }
        return nil
    }

    /// Whether the call failed because the disk (or the user's quota) is full.
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

    /// Whether the call failed because the path or one of its folders does not exist.
    public var isMissing: Bool { code == ENOENT }

    /// The reason in the system's words: the text for the `errno`, e.g. `No space left on device`, or what
    /// the path is instead of a regular file, e.g. `Is a FIFO`.
    public var systemMessage: String {
        switch cause {
        case .system(let code): String(cString: strerror(code))
        case .notARegularFile(.other): "Is not a regular file"
        case .notARegularFile(.directory): String(cString: strerror(EISDIR))
        case .notARegularFile(let kind): "Is \(kind.phrase)"
        }
    }

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
