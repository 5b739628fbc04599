/// What another tool's tracking table says was applied to a database, in that tool's own version strings.
package enum AppliedMigrations: Sendable, Equatable {
    /// Exactly these versions (or GRDB identifiers), oldest first as the tool orders them.
    case versions([String])
    /// Every version up to and including this one (golang-migrate keeps only the newest; a Flyway baseline
    /// stands for all versions up to it), plus the listed later ones.
    case through(String, andLater: [String])
}
