import Kiln

/// How one tool lays out its migration folder: which entries are its signature, and how to read them.
protocol MigrationLayout {
    /// Whether the folder's entries hold an unambiguous sign of this tool (detection reads only these).
    ///
    /// - Returns: whether the tool is a candidate.
    static func isCandidate(_ folder: SourceFolder) -> Bool

    /// Whether the folder holds a file only this tool writes (drizzle's `meta/_journal.json`, Prisma's
    /// `migration_lock.toml`, a Flyway `V<n>__` script), which decides between several candidates.
    ///
    /// - Returns: whether such a file is there.
    static func hasDecidingFile(_ folder: SourceFolder) -> Bool

    /// Reads every migration of the folder, with the down parts and the decisions to list.
    ///
    /// - Returns: what the folder holds, in no particular order.
    /// - Throws: ``ImportError`` for what cannot be imported.
    static func read(_ folder: SourceFolder) throws -> LayoutReading
}

extension MigrationLayout {
    /// Most layouts have no file of their own: only their shape.
    static func hasDecidingFile(_ folder: SourceFolder) -> Bool { false }
}

/// What a layout reader found in a source folder.
struct LayoutReading {
    /// The migrations, in no particular order.
    var migrations: [SourceMigration] = []
    /// Where each down migration (or section) not imported is.
    var skippedDowns: [SourceLocation] = []
    /// Decisions the review lists: ignored files, transaction settings kiln does not follow.
    var notes: [ImportNote] = []
    /// What was left out although it changes databases (Flyway's `R__` repeatable scripts): warnings.
    var warnings: [ImportWarning] = []
}

/// Something of the source folder `kiln import` leaves out although the tool runs it (a Flyway `R__`
/// repeatable script): a warning, with why and what to do.
package struct ImportWarning: Equatable, Sendable {
    /// What was left out and why, lowercase.
    package let message: String
    /// What to do about it.
    package let hint: String
    /// The file it is about.
    package let location: SourceLocation

    /// The warning as kiln prints it.
    package var diagnostic: Diagnostic { Diagnostic(.warning, message, at: location, hint: hint, code: "import") }
}

/// A decision of the import the review lists, with where it comes from.
package struct ImportNote: Equatable, Sendable {
    /// What was decided, lowercase.
    package let message: String
    /// The file (and line) it is about.
    package let location: SourceLocation

    /// A note at `location`.
    init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
