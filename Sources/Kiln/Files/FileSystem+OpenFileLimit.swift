#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

extension FileSystem {
    /// The most descriptors ``raiseOpenFileLimit()`` asks for: macOS refuses a soft limit above `OPEN_MAX`
    /// (10,240) even when the hard limit is unlimited.
    static let openFileLimitCeiling: rlim_t = 10_240

    /// Raises this process's soft limit on open descriptors (`RLIMIT_NOFILE`) to its hard limit, at most
    /// 10,240, and never lowers it: a fleet run keeps two or three descriptors open per job (the database, its
    /// journal, a folder being listed), and macOS starts processes with a soft limit of 256.
    ///
    /// - Returns: the soft limit in force afterwards, or nil when it could not be read.
    @discardableResult
    package static func raiseOpenFileLimit() -> Int? {
        var limit = rlimit()
        guard getOpenFileLimit(&limit) == 0 else { return nil }
        let wanted = min(limit.rlim_max, openFileLimitCeiling)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setOpenFileLimit(&raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// `getrlimit(RLIMIT_NOFILE, …)`, whose resource type differs between the C libraries.
    private static func getOpenFileLimit(_ limit: inout rlimit) -> Int32 {
        #if canImport(Darwin)
            getrlimit(RLIMIT_NOFILE, &limit)
        #else
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #endif
    }

    /// `setrlimit(RLIMIT_NOFILE, …)`.
    private static func setOpenFileLimit(_ limit: inout rlimit) -> Int32 {
        #if canImport(Darwin)
            setrlimit(RLIMIT_NOFILE, &limit)
        #else
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #endif
    }
}
