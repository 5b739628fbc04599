import KilnSQLiteShim

/// What a connection's SQL sees as the current time: `CURRENT_TIMESTAMP`, `CURRENT_DATE`, `CURRENT_TIME`,
/// `date('now')`, `datetime('now')`, `julianday('now')`, `strftime('%s','now')`, `unixepoch()` and every other
/// use of 'now', in statements, `DEFAULT` expressions and triggers.
///
/// SQLite asks a connection's VFS for the time, once per statement. A pinned clock opens the connection with a
/// VFS that wraps the default one and answers a fixed instant, so every statement of the connection sees the
/// same time; the connection is otherwise unchanged (same files, locks and durability).
///
/// ```swift
/// let db = try SQLiteConnection(path: path, clock: .pinned(secondsSince1970: 1_700_000_000))
/// ```
package enum SQLiteClock: Sendable, Equatable, Hashable {
    /// The system's clock (SQLite's default).
    case system
    /// A fixed instant, in whole seconds since 1970-01-01 00:00:00 UTC.
    case pinned(secondsSince1970: Int64)

    /// The largest instant SQLite's date functions represent: 9999-12-31 23:59:59 UTC.
    package static let latestSecondsSince1970: Int64 = 253_402_300_799

    /// The name of the VFS that gives a connection this clock, nil for the default VFS.
    ///
    /// - Throws: ``SQLiteError`` when the VFS cannot be registered (no memory) or the instant is outside
    ///   0...``latestSecondsSince1970``.
    func vfsName() throws -> String? {
        guard case .pinned(let seconds) = self else { return nil }
        guard (0...Self.latestSecondsSince1970).contains(seconds) else {
            throw SQLiteError(code: .misuse, message: "a pinned clock must be between 1970 and 9999, not \(seconds)")
        }
        guard let name = kiln_pinned_clock_vfs(seconds * 1000) else {
            throw SQLiteError(code: .noMemory, message: "cannot register a pinned clock")
        }
        return String(cString: name)
    }
}
