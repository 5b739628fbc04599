import Kiln

/// What `kiln import` writes and what its review lists: the renumbered migrations, the statements removed,
/// the down parts left behind and the decisions taken.
package struct ImportPlan: Sendable {
    /// One migration as kiln will hold it.
    package struct Migration: Sendable {
        /// The kiln version, 1…n in the source tool's order.
        package let version: Int32
        /// The kiln file name, `NNNN_<source version>_<name>.sql`.
        package let fileName: String
        /// The kiln file's bytes.
        package let bytes: [UInt8]
        /// The version exactly as the source tool stores it in its tracking table.
        package let sourceVersion: String
        /// The source migration's name.
        package let sourceName: String
        /// The source file, relative to the source folder.
        package let sourceFile: String
        /// Whether only part of the source file was imported (its up section).
        package let isSection: Bool
        /// The checksum the source tool records for the source file, computed as the tool does
        /// (``SourceChecksum``); nil for a tool that records none.
        package let sourceChecksum: String?
        /// The sums the tool records for the source file (see `SourceMigration.checksums`); empty for tools
        /// that record none.
        package var sourceChecksums: [String] = []
        /// Whether the source is a code migration and the file a placeholder to port
        /// (``CodeMigrationPlaceholder``).
        package var isCodePlaceholder = false
    }

    /// The source tool.
    package let tool: ForeignTool
    /// The database the migrations are for.
    package let database: String
    /// The source folder as the user typed it.
    package let source: String
    /// The migrations, in order.
    package let migrations: [Migration]
    /// The statements kiln owns that were removed, in order.
    package let removals: [OwnedStatementRemoval]
    /// Where each down migration not imported is.
    package let skippedDowns: [SourceLocation]
    /// The other decisions taken (ignored files, transaction settings), in order.
    package let notes: [ImportNote]
    /// What was left out although the tool runs it (Flyway's `R__` scripts), in order.
    package var warnings: [ImportWarning] = []

    /// The bytes of `imported.json`.
    package var manifest: [UInt8] { ImportManifest(plan: self).bytes }
}

/// A statement kiln owns, removed from an imported file.
package struct OwnedStatementRemoval: Equatable, Sendable {
    /// Where the statement was in the source file.
    package let location: SourceLocation
    /// The statement as written.
    package let text: String
}
