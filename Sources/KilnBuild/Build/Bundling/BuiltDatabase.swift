/// What a finished build of one database holds.
public struct BuiltDatabase: Sendable, Equatable {
    /// The database's name.
    public let database: String
    /// The output file's name inside the output folder.
    public let file: String
    /// SHA-256 of the file's bytes.
    public let sha256: String
    /// `PRAGMA user_version`: the newest migration.
    public let userVersion: Int32
    /// `PRAGMA application_id`.
    public let applicationID: Int32
    /// Rows per table.
    public let rowCounts: [String: Int]
    /// The layout-independent ``ContentHash``.
    public let contentHash: String
    /// The ``KilnProject/sourceDigest(for:)`` it was built from.
    public let sourceDigest: String
    /// The SQLite version that wrote it.
    public let sqliteVersion: String
    /// The kiln version that wrote it.
    public let kilnVersion: String
    /// The instant its SQL saw as 'now'.
    public let clock: BuildClock
}
