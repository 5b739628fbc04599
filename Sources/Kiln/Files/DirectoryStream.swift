#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// An open folder, read one entry at a time with `readdir(3)`: the one owner of a `DIR*` in kiln.
///
/// The folder is closed exactly once, by ``close()`` or when the stream goes away. It holds no list of
/// names, so a walk over a folder of a million entries costs the same memory as one of ten. Subfolders are
/// opened through the open folder (``openSubfolder(named:path:)``, `openat` with `O_NOFOLLOW`), so a
/// subfolder swapped for a symbolic link between the listing and the opening is never followed.
package final class DirectoryStream {
    /// One name in a folder, with what it is when that is known.
    package struct Entry: Equatable {
        /// The name, without any folder (never `.` or `..`).
        package let name: String
        /// What the name is, without following a symbolic link: from `d_type` when the file system fills it
        /// in, else from `lstat`; nil when the entry vanished before it could be looked at.
        package let kind: FileKind?
        /// Whether ``name`` is the name on disk: false when the bytes on disk are not UTF-8, so ``name`` shows
        /// them with U+FFFD and cannot be used to open the entry.
        package var isExactName = true
    }

    #if canImport(Darwin)
        private typealias Handle = UnsafeMutablePointer<DIR>
    #else
        private typealias Handle = OpaquePointer
    #endif

    /// The path the folder was opened with, for error messages.
    package let path: String
    /// Whether `d_type` is believed when the file system fills it in (always, except in tests that check the
    /// `lstat` fallback taken for `DT_UNKNOWN`). Subfolders inherit it.
    package let usesEntryTypes: Bool
    /// The open folder; nil once closed.
    private var handle: Handle?

    /// Opens the folder at `path` (a symbolic link to a folder is followed: this is how a walk starts).
    ///
    /// - Throws: ``FileSystemError`` with operation `list` and the `errno` of `opendir`.
    package init(opening path: String, usesEntryTypes: Bool = true) throws(FileSystemError) {
        guard let handle = opendir(path) else { throw FileSystemError(.list, path: path, code: errno) }
        self.path = path
        self.usesEntryTypes = usesEntryTypes
        self.handle = handle
    }

    /// A stream over a descriptor already open on a folder, which it now owns.
    private init(descriptor: Int32, path: String, usesEntryTypes: Bool) throws(FileSystemError) {
        guard let handle = fdopendir(descriptor) else {
            let code = errno
            _ = systemClose(descriptor)
            throw FileSystemError(.list, path: path, code: code)
        }
        self.path = path
        self.usesEntryTypes = usesEntryTypes
        self.handle = handle
    }

    deinit { close() }

    /// Opens the subfolder `name` of this folder, never through a symbolic link.
    ///
    /// - Parameters:
    ///   - name: the entry's name in this folder.
    ///   - path: the subfolder's path, for the new stream's error messages.
    /// - Returns: the subfolder, open.
    /// - Throws: ``FileSystemError`` with operation `list`: `ELOOP` or `ENOTDIR` when `name` is no longer a
    ///   folder, `EACCES` when it cannot be read, `ENOENT` when it is gone.
    package func openSubfolder(named name: String, path: String) throws(FileSystemError) -> DirectoryStream {
        guard let handle else { throw FileSystemError(.list, path: path, code: EBADF) }
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        let descriptor = retryingOnInterrupt { openat(dirfd(handle), name, flags) }
        guard descriptor >= 0 else { throw FileSystemError(.list, path: path, code: errno) }
        return try DirectoryStream(descriptor: descriptor, path: path, usesEntryTypes: usesEntryTypes)
    }

    /// The next entry, skipping `.` and `..`; nil at the end of the folder (and after ``close()``).
    ///
    /// - Throws: ``FileSystemError`` with operation `list` when `readdir` fails (e.g. `EIO`, or `ENOENT` for a
    ///   folder removed while it was read).
    package func next() throws(FileSystemError) -> Entry? {
        guard let handle else { return nil }
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                guard errno == 0 else { throw FileSystemError(.list, path: path, code: errno) }
                return nil
            }
            let (name, isExact) = Self.name(of: entry)
            if name == "." || name == ".." { continue }
            return Entry(name: name, kind: kind(of: entry, named: name, in: handle), isExactName: isExact)
        }
    }

    /// Closes the folder; later calls do nothing.
    package func close() {
        guard let handle else { return }
        self.handle = nil
        closedir(handle)
    }

    /// The entry's name as a string, and whether it is exact (the bytes were UTF-8; otherwise the string
    /// shows them with U+FFFD).
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> (String, Bool) {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                if let exact = String(validatingCString: $0) { return (exact, true) }
                return (String(cString: $0), false)
            }
        }
    }

    /// What the entry is: its `d_type`, or, when the file system leaves that unknown, an `lstat` relative to
    /// the open folder (`fstatat` with `AT_SYMLINK_NOFOLLOW`).
    private func kind(of entry: UnsafeMutablePointer<dirent>, named name: String, in handle: Handle) -> FileKind? {
        switch usesEntryTypes ? Int32(entry.pointee.d_type) : Int32(DT_UNKNOWN) {
        case Int32(DT_REG): return .regularFile
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_FIFO): return .fifo
        case Int32(DT_SOCK): return .socket
        case Int32(DT_CHR): return .characterDevice
        case Int32(DT_BLK): return .blockDevice
        default:
            var status = stat()
            guard fstatat(dirfd(handle), name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return FileKind(mode: status.st_mode)
        }
    }
}
