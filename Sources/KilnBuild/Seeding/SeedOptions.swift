/// How `kiln seed` treats rows that are already in a table.
public enum SeedMode: String, Sendable, CaseIterable {
    /// Insert every row; a row whose key exists is an error.
    case insert
    /// Insert new rows and update existing ones, matched by primary key.
    case upsert
    /// Make the table equal to the CSV: upsert every row, delete rows whose key is not in the CSV.
    case sync
}

/// How safely a load writes.
public enum SeedDurability: Sendable {
    /// The database's own journal and sync settings: a crash leaves the previous content.
    case full
    /// No journal and no fsync: only for a file nobody else can see yet, which is discarded on failure.
    case unjournaled
}

/// Progress of a long load, reported every few thousand rows.
public struct SeedProgress: Sendable {
    /// The table being loaded.
    public let table: String
    /// Rows loaded so far, across all tables.
    public let rows: Int
    /// CSV bytes read so far, across all tables.
    public let bytes: Int
    /// Time since the load started.
    public let elapsed: Duration
}

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
}
