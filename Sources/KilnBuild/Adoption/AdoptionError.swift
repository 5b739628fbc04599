import Kiln

/// A database another tool migrated that is not at any one kiln version.
public struct AdoptionError: DiagnosticError, Equatable {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// The tracking table records a version no imported migration has.
        case unknownVersion(String)
        /// `applied` is recorded while the earlier `missing` is not.
        case outOfOrder(applied: String, missing: String)
    }

    /// What is wrong.
    public let reason: Reason
    /// The database file, as shown to the user.
    public let file: String

    /// An error about `file`.
    public init(_ reason: Reason, file: String) {
        self.reason = reason
        self.file = file
    }

    /// One error diagnostic, with what to do.
    public var diagnostics: [Diagnostic] {
        switch reason {
        case .unknownVersion(let version):
            [
                Diagnostic(
                    .error, "\(file): its tracking table records version \(version), which no imported migration has",
                    hint: "import the migration folder this database was migrated with, or remove the row if that "
                        + "migration never changed the schema")
            ]
        case .outOfOrder(let applied, let missing):
            [
                Diagnostic(
                    .error, "\(file): version \(applied) was applied but the earlier \(missing) was not",
                    hint: "apply \(missing) with the old tool first, so the database is at one version of the history")
            ]
        }
    }
}
