/// How `kiln seed` treats rows that are already in a table.
package enum SeedMode: String, Sendable, CaseIterable {
    /// Insert every row; a row whose key exists is an error.
    case insert
    /// Insert new rows and update existing ones, matched by primary key.
    case upsert
    /// Make the table equal to the CSV: upsert every row, delete rows whose key is not in the CSV.
    case sync
}
