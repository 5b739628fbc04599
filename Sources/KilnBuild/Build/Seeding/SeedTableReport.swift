/// What a load did to one table.
package struct SeedTableReport: Sendable, Equatable {
    /// The table's name.
    package let table: String
    /// The seed file.
    package let file: String
    /// Records read from the CSV.
    package let rows: Int
    /// Rows added to the table.
    package let inserted: Int
    /// Existing rows overwritten (upsert and sync).
    package let updated: Int
    /// Rows deleted because the CSV no longer has them (sync).
    package let deleted: Int
    /// Whether an insert-mode load found every row of the file already in the table, exactly as the file has
    /// it, and left the table as it was (seeds loaded before, e.g. by a run whose commit reached the file
    /// although SQLite then reported an error).
    package var alreadyHeld = false

    /// The same report with `deleted` rows.
    func with(deleted: Int) -> SeedTableReport {
        SeedTableReport(
            table: table, file: file, rows: rows, inserted: inserted, updated: updated, deleted: deleted,
            alreadyHeld: alreadyHeld)
    }
}
