import KilnSQLiteShim

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteConnection {
    /// Turns off SQLite's process-wide memory statistics (`SQLITE_CONFIG_MEMSTATUS`), so that threads using
    /// SQLite at once stop taking one global lock on every allocation: with it on, a ``FleetMigrator`` with two
    /// workers spends much of its time waiting on that lock (SQLite builds without lookaside memory, as Debian's,
    /// allocate for nearly every value). The cost: `sqlite3_memory_used()`, `sqlite3_memory_highwater()` and
    /// the soft heap limit stop working.
    ///
    /// Call it once, at the start of the process, before any connection opens (the kiln command does); later,
    /// SQLite refuses and this returns false.
    ///
    /// - Returns: whether the statistics are off.
    @discardableResult
    public static func disableMemoryStatistics() -> Bool {
        kiln_disable_memory_statistics() == SQLITE_OK
    }
}
