/// What a load did to one table.
public struct SeedTableReport: Sendable, Equatable {
    /// The table's name.
    public let table: String
    /// The seed file.
    public let file: String
    /// Records read from the CSV.
    public let rows: Int
    /// Rows added to the table.
    public let inserted: Int
    /// Existing rows overwritten (upsert and sync).
    public let updated: Int
    /// Rows deleted because the CSV no longer has them (sync).
    public let deleted: Int
    /// Whether an insert-mode load found every row of the file already in the table, exactly as the file has
    /// it, and left the table as it was (seeds loaded before, e.g. by a run whose commit reached the file
    /// although SQLite then reported an error).
    public var alreadyHeld = false

    /// The same report with `deleted` rows.
    func with(deleted: Int) -> SeedTableReport {
        SeedTableReport(
            table: table, file: file, rows: rows, inserted: inserted, updated: updated, deleted: deleted,
            alreadyHeld: alreadyHeld)
    }
}
