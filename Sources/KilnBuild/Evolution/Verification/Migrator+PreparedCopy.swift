import Kiln

extension Migrator {
    /// A new in-memory database holding a copy of `connection`'s `main` database, prepared as this migrator
    /// prepares every connection (``Migrator/prepare(_:)``: `kiln.json`'s stand-in collations and functions,
    /// double-quoted strings) before anything reads it. Every copy a plan's proof makes comes from here: a
    /// `WITHOUT ROWID` table keyed by a stand-in collation has its primary key as its only storage, and SQLite
    /// cannot read it (`no query solution`) where that collation is not registered.
    ///
    /// - Throws: what ``Migrator/prepare(_:)`` throws, or ``SQLiteError`` when the copy fails.
    func preparedCopy(of connection: SQLiteConnection) throws -> SQLiteConnection {
        let copy = try SQLiteConnection(path: ":memory:")
        try prepare(copy)
        try connection.copyDatabase(into: copy)
        return copy
    }
}
