/// What a finished build of one database holds.
package struct BuiltDatabase: Sendable, Equatable {
    /// The database's name.
    package let database: String
    /// The output file's name inside the output folder.
    package let file: String
    /// SHA-256 of the file's bytes.
    package let sha256: String
    /// `PRAGMA user_version`: the newest migration.
    package let userVersion: Int32
    /// `PRAGMA application_id`.
    package let applicationID: Int32
    /// Rows per table.
    package let rowCounts: [String: Int]
    /// The layout-independent ``ContentHash``.
    package let contentHash: String
    /// The ``KilnProject/sourceDigest(for:)`` it was built from.
    package let sourceDigest: String
    /// The SQLite version that wrote it.
    package let sqliteVersion: String
    /// The kiln version that wrote it.
    package let kilnVersion: String
    /// The instant its SQL saw as 'now'.
    package let clock: BuildClock
}
