import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// What a registered collation's C context points at: the comparison, retained by SQLite until it drops the
/// collation (replaced, or the connection closed), when the destroy callback releases it.
private final class CollationBox {
    let compare: (String, String) -> ComparisonResult
    init(_ compare: @escaping (String, String) -> ComparisonResult) { self.compare = compare }
}

extension SQLiteConnection {
    /// Registers a collating sequence on this connection (`sqlite3_create_collation_v2`), so SQL can say
    /// `COLLATE name` in columns, indexes, `ORDER BY` and comparisons, as an app registers the collations its
    /// schema uses (a `unicase` or a locale-aware sort) before it migrates or queries.
    ///
    /// Registering a name again replaces the earlier comparison. SQLite compares collation names without
    /// regard to ASCII case. The comparison must be a total order that never changes for a given pair of
    /// strings, or indexes built with it go wrong.
    ///
    /// - Parameters:
    ///   - name: the collation's name, as SQL writes it after `COLLATE`.
    ///   - compare: orders two UTF-8 strings.
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration (`SQLITE_BUSY` while a statement of
    ///   this connection is running).
    public func createCollation(named name: String, _ compare: @escaping (String, String) -> ComparisonResult)
        throws
    {
        let context = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
        let code = sqlite3_create_collation_v2(
            handle, name, SQLITE_UTF8, context,
            { context, leftCount, left, rightCount, right in
                guard let context else { return 0 }
                let box = Unmanaged<CollationBox>.fromOpaque(context).takeUnretainedValue()
                let order = box.compare(
                    String(decoding: UnsafeRawBufferPointer(start: left, count: Int(leftCount)), as: UTF8.self),
                    String(decoding: UnsafeRawBufferPointer(start: right, count: Int(rightCount)), as: UTF8.self))
                return Int32(order.rawValue)
            },
            { context in
                guard let context else { return }
                Unmanaged<CollationBox>.fromOpaque(context).release()
            })
        guard code == SQLITE_OK else {
            // "The xDestroy callback is not called if the sqlite3_create_collation_v2() function fails."
            Unmanaged<CollationBox>.fromOpaque(context).release()
            throw lastError(code: code)
        }
    }
}
