import Kiln

/// What `kiln import` writes and what its review lists: the renumbered migrations, the statements removed,
/// the down parts left behind and the decisions taken.
public struct ImportPlan: Sendable {
    /// One migration as kiln will hold it.
    public struct Migration: Sendable {
        /// The kiln version, 1…n in the source tool's order.
        public let version: Int32
        /// The kiln file name, `NNNN_<source version>_<name>.sql`.
        public let fileName: String
        /// The kiln file's bytes.
        public let bytes: [UInt8]
        /// The version exactly as the source tool stores it in its tracking table.
        public let sourceVersion: String
        /// The source migration's name.
        public let sourceName: String
        /// The source file, relative to the source folder.
        public let sourceFile: String
        /// Whether only part of the source file was imported (its up section).
        public let isSection: Bool
    }

    /// The source tool.
    public let tool: MigrationTool
    /// The database the migrations are for.
    public let database: String
    /// The source folder as the user typed it.
    public let source: String
    /// The migrations, in order.
    public let migrations: [Migration]
    /// The statements kiln owns that were removed, in order.
    public let removals: [OwnedStatementRemoval]
    /// Where each down migration not imported is.
    public let skippedDowns: [SourceLocation]
    /// The other decisions taken (ignored files, transaction settings), in order.
    public let notes: [ImportNote]

    /// The bytes of `imported.json`.
    public var manifest: [UInt8] { ImportManifest(plan: self).bytes }
}

/// A statement kiln owns, removed from an imported file.
public struct OwnedStatementRemoval: Equatable, Sendable {
    /// Where the statement was in the source file.
    public let location: SourceLocation
    /// The statement as written.
    public let text: String
}
