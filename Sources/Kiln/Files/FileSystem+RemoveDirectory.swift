#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

extension FileSystem {
    /// `rmdir(2)` of an empty folder, where a missing folder is not an error: how a step that created folders
    /// takes them back after a later failure.
    ///
    /// - Throws: ``FileSystemError`` (operation `unlink`, the closest named one) when the folder is not empty
    ///   or cannot be removed.
    package static func removeEmptyDirectory(_ path: String) throws {
        guard rmdir(path) == 0 || errno == ENOENT else { throw FileSystemError(.unlink, path: path, code: errno) }
    }
}
