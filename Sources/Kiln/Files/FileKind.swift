#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// What a path names, from the type bits of `stat(2)`'s `st_mode`. kiln reads and opens as databases only
/// regular files; any other kind is refused by name (``FileSystemError/Cause/notARegularFile(_:)``) before
/// anything could block on it.
public enum FileKind: String, Sendable, Equatable, CaseIterable {
    /// A regular file.
    case regularFile
    /// A folder.
    case directory
    /// A named pipe (`mkfifo`): opening or reading it waits for a writer.
    case fifo
    /// A Unix domain socket.
    case socket
    /// A character device, such as a terminal or `/dev/zero`.
    case characterDevice
    /// A block device, such as a disk.
    case blockDevice
    /// A symbolic link (only seen when a link is not followed).
    case symbolicLink
    /// A type this system has that none of the above names.
    case other

    /// The kind whose type bits `mode` carries.
    ///
    /// - Parameter mode: an `st_mode` from `stat(2)`.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// The kind with its article, as a sentence says it: `a directory`, `a FIFO`.
    package var phrase: String {
        switch self {
        case .regularFile: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .symbolicLink: "a symbolic link"
        case .other: "not a regular file"
        }
    }
}
