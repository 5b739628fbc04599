/// A row whose foreign key points at a row that does not exist, as `PRAGMA foreign_key_check` reports it.
public struct ForeignKeyViolation: Hashable, Sendable, CustomStringConvertible {
    /// The table of the row that points nowhere.
    public let table: String
    /// That row's rowid (`NULL` for a `WITHOUT ROWID` table).
    public let rowid: SQLiteValue
    /// The table it points into.
    public let parent: String

    /// A violation from its parts.
    package init(table: String, rowid: SQLiteValue, parent: String) {
        self.table = table
        self.rowid = rowid
        self.parent = parent
    }

    /// `table t rowid 3 references a missing row of p`.
    public var description: String { "table \(table) rowid \(rowid) references a missing row of \(parent)" }

    /// Every violation in the `main` database of `connection`.
    ///
    /// - Returns: the rows `PRAGMA main.foreign_key_check` lists, in its order.
    /// - Throws: ``SQLiteError``.
    package static func all(in connection: SQLiteConnection) throws -> [ForeignKeyViolation] {
        try connection.rows(sql: "PRAGMA main.foreign_key_check").map { row in
            ForeignKeyViolation(table: "\(row[0])", rowid: row[1], parent: "\(row[2])")
        }
    }
}
