#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

extension FileSystem {
    /// `path`, or the same file through its folder's real path when `path` climbs above the root folder with
    /// `..`: the kernel ignores those (`/..` is `/`), but SQLite, which makes every path absolute and removes
    /// `..` itself before opening it, turns such a path into one that does not exist, so
    /// `../../../../srv/a.db` from `/home/me`, which every other program opens as `/srv/a.db`, would be
    /// "unable to open database file". The folder is resolved by the system (`realpath(3)`), symbolic links
    /// and all; any other path is returned as it is.
    ///
    /// - Returns: `path`, or `<real folder>/<name>`.
    package static func droppingParentsAboveRoot(_ path: String) -> String {
        guard climbsAboveRoot(path) else { return path }
        let folder = parentDirectory(of: path)
        guard let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return (real == "/" ? "" : real) + "/" + lastComponent(of: path)
    }

    /// Whether a `..` of `path` (relative ones read from the current folder) would go above `/`.
    private static func climbsAboveRoot(_ path: String) -> Bool {
        guard path.contains("..") else { return false }
        var depth = 0
        if !path.hasPrefix("/") {
            guard let folder = currentDirectory() else { return false }
            depth = folder.split(separator: "/").count
        }
        for component in path.split(separator: "/") where component != "." {
            depth += component == ".." ? -1 : 1
            if depth < 0 { return true }
        }
        return false
    }

    /// The current folder (`getcwd(3)`), nil when it cannot be read (removed, too long).
    private static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
