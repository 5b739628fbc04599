#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The file operations kiln needs, as thin wrappers over POSIX calls whose failures become
/// ``FileSystemError``s carrying the real `errno`. Reading and writing file contents goes through
/// ``FileDescriptor``; publishing a file goes through ``writeAtomically(_:to:permissions:)`` or the
/// `rename`/`link` here followed by ``sync(_:)`` of the folder.
package enum FileSystem {
    /// `fsync` of a file or folder.
    package static func sync(_ path: String) throws(FileSystemError) {
        try FileDescriptor(opening: path, .anyKindToSync).sync()
    }

    /// `fsync` of the folder a file was just published in (renamed or linked into place). The publish has
    /// happened, so a failure here is no reason to report the command failed: it is returned, for the caller to
    /// say that the new name may not survive a power loss.
    ///
    /// - Returns: the failure, or nil when the new name is durable.
    package static func syncAfterPublishing(in folder: String) -> FileSystemError? {
        do throws(FileSystemError) {
            try sync(folder)
            return nil
        } catch {
            return error
        }
    }

    /// `rename(2)`: atomically replaces `destination` with `source` (same file system).
    package static func rename(_ source: String, to destination: String) throws {
        guard systemRename(source, destination) == 0 else { throw FileSystemError(.rename, path: source, code: errno) }
    }

    /// `link(2)`: a second name for a file; fails with `EEXIST` if the name exists.
    package static func link(_ source: String, to destination: String) throws {
        guard systemLink(source, destination) == 0 else { throw FileSystemError(.link, path: destination, code: errno) }
    }

    /// `unlink(2)`, where a missing file is not an error.
    package static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(.unlink, path: path, code: errno) }
    }

    /// Whether something exists at `path` (without following a final symbolic link).
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// What `path` names without following a final symbolic link (`lstat(2)`); nil when nothing is there.
    package static func kindWithoutFollowing(_ path: String) -> FileKind? {
        var status = stat()
        return lstat(path, &status) == 0 ? FileKind(mode: status.st_mode) : nil
    }

    /// Whether `path` is a folder (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// What `path` names, following symbolic links (`stat(2)`); nil when nothing is there (or it cannot be
    /// looked at, e.g. a dangling link). `stat` never opens the file, so it cannot block on a FIFO.
    package static func kind(of path: String) -> FileKind? {
        try? kindOfFile(at: path)
    }

    /// What `path` names, following symbolic links (`stat(2)`, which never opens the file).
    ///
    /// - Throws: ``FileSystemError`` with operation `stat` and its `errno` (`ENOENT` when nothing is there).
    /// - Returns: the kind.
    package static func kindOfFile(at path: String) throws -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileSystemError(.stat, path: path, code: errno) }
        return FileKind(mode: status.st_mode)
    }

    /// Checks a path another library (SQLite) is about to open: nothing there is fine (it may be created),
    /// a regular file is fine, anything else is refused before the library could block on it or report it as
    /// a disk I/O error. Symbolic links are followed, as `open` follows them.
    ///
    /// A path that cannot even be looked at (a loop of symbolic links, a folder that may not be searched, a
    /// name too long, a file where a folder should be) is refused too, with the system's `errno`: SQLite would
    /// only say "unable to open database file".
    ///
    /// - Throws: ``FileSystemError`` with ``FileSystemError/Cause/notARegularFile(_:)`` naming what is there,
    ///   or with the `errno` of `stat(2)` other than `ENOENT`.
    package static func requireRegularFileIfPresent(_ path: String) throws {
        let kind: FileKind
        do { kind = try kindOfFile(at: path) } catch let error as FileSystemError {
            // Nothing there (or a dangling link, which `open` would create the target of) may be created.
            guard error.isMissing else { throw FileSystemError(.open, path: path, code: error.code ?? EIO) }
            return
        }
        guard kind != .regularFile else { return }
        throw FileSystemError(.open, path: path, notARegularFile: kind)
    }

    /// `realpath(3)`: the absolute path `path` names, with every symbolic link, `.` and `..` resolved.
    ///
    /// - Throws: ``FileSystemError`` with operation `resolve` and its `errno` (`ENOENT` for a link to nothing).
    /// - Returns: the resolved path.
    package static func resolvedPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { throw FileSystemError(.resolve, path: path, code: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the resolved path `path` is the resolved folder `folder` or inside it (both as
    /// ``resolvedPath(_:)`` gives them, so a comparison of their components says it).
    package static func isResolvedPath(_ path: String, inside folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Creates a folder and any missing parents; an existing folder is fine.
    package static func createDirectory(_ path: String) throws {
        if isDirectory(path) { return }
        let parent = parentDirectory(of: path)
        if parent != path, !parent.isEmpty { try createDirectory(parent) }
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && isDirectory(path)) else {
            throw FileSystemError(.mkdir, path: path, code: errno)
        }
    }

    /// The names in a folder, without `.` and `..`, in no particular order.
    package static func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw FileSystemError(.list, path: path, code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                guard errno == 0 else { throw FileSystemError(.list, path: path, code: errno) }
                return names
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// Removes the entries of `folder` whose names `isLeftover` picks: how each lock holder sweeps the
    /// temporary files of killed runs (it holds the lock, so none belongs to a live one).
    package static func removeEntries(in folder: String, where isLeftover: (String) -> Bool) throws {
        for name in try contentsOfDirectory(folder) where isLeftover(name) {
            try remove("\(folder)/\(name)")
        }
    }

    /// A file's bytes.
    package static func contents(of path: String) throws -> [UInt8] {
        try FileDescriptor(opening: path, .readOnly).readToEnd()
    }

    /// Up to `count` bytes from the start of a file.
    package static func prefix(of path: String, count: Int) throws -> [UInt8] {
        try FileDescriptor(opening: path, .readOnly).read(upTo: count, at: 0)
    }

    /// The folder part of a path (`.` for a bare name).
    package static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last component of a path.
    package static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
