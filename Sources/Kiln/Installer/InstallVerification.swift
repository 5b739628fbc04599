extension DatabaseInstaller {
    /// How much of the bundled file, and of a fresh copy of it, an install checks before publishing the copy.
    public enum Verification: Equatable, Sendable {
        /// The default, for every launch: the bundle must start with a SQLite header, be in rollback-journal
        /// mode (header bytes 18 and 19 equal to 1), have no `-wal`, `-journal` or `-shm` beside it, and be
        /// exactly its header's page size times its page count long; the copy must repeat its header and size.
        /// No page is read beyond the first. A bundle whose header page count cannot be trusted (last written
        /// by SQLite before 3.7.0) is checked as ``full`` checks it.
        case header
        /// Everything ``header`` checks, plus `PRAGMA quick_check` of the bundle and of the copy: every page
        /// is read twice, which costs about as much as the copy itself.
        case full
    }
}
