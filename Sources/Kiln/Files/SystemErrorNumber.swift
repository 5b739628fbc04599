#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// An `errno` as messages show it: its C name and the system's text, e.g. `EIO, Input/output error`, so a
/// message keeps the real cause a system call reported, in words a user can also search for.
package enum SystemErrorNumber {
    /// `EIO, Input/output error`; a code without a known name is `errno 4242, <text>`.
    package static func describe(_ code: Int32) -> String {
        "\(name(of: code) ?? "errno \(code)"), \(String(cString: strerror(code)))"
    }

    /// The C name of an `errno` value (`ENOSPC`), when it is one a file operation can report.
    package static func name(of code: Int32) -> String? {
        names.first { $0.code == code }?.name
    }

    private static let names: [(code: Int32, name: String)] = [
        (EPERM, "EPERM"), (ENOENT, "ENOENT"), (EINTR, "EINTR"), (EIO, "EIO"), (ENXIO, "ENXIO"), (EBADF, "EBADF"),
        (EAGAIN, "EAGAIN"), (ENOMEM, "ENOMEM"), (EACCES, "EACCES"), (EBUSY, "EBUSY"), (EEXIST, "EEXIST"),
        (EXDEV, "EXDEV"), (ENODEV, "ENODEV"), (ENOTDIR, "ENOTDIR"), (EISDIR, "EISDIR"), (EINVAL, "EINVAL"),
        (ENFILE, "ENFILE"), (EMFILE, "EMFILE"), (ETXTBSY, "ETXTBSY"), (EFBIG, "EFBIG"), (ENOSPC, "ENOSPC"),
        (ESPIPE, "ESPIPE"), (EROFS, "EROFS"), (EMLINK, "EMLINK"), (ENAMETOOLONG, "ENAMETOOLONG"),
        (ENOLCK, "ENOLCK"), (ENOSYS, "ENOSYS"), (ENOTEMPTY, "ENOTEMPTY"), (ELOOP, "ELOOP"),
        (EOPNOTSUPP, "EOPNOTSUPP"), (EDQUOT, "EDQUOT"), (ESTALE, "ESTALE"),
    ]
}
