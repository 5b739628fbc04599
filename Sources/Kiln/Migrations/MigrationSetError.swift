/// A migration set that cannot be used, with every problem found: one per file and rule.
///
/// The error holds facts only; ``diagnostics`` words them when it is read.
public struct MigrationSetError: DiagnosticError, Equatable, CustomStringConvertible {
    /// What is wrong with a migration folder or file, as a value a caller can match.
    public enum Reason: Equatable, Sendable {
        /// The migration folder cannot be listed (it is missing, not a folder, or not readable).
        case folderUnreadable(FileSystemError)
        /// A migration file cannot be read.
        case fileUnreadable(FileSystemError)
        /// A `.sql` file's name breaks the naming rule (see ``MigrationFileName``); `suggestion` is a valid
        /// name that collides with no other migration.
        case invalidFileName(String, MigrationFileName.Problem, suggestion: String)
        /// Several files claim one version; `others` are the other files' names.
        case duplicateVersion(Int32, others: [String])
        /// The first version is not 1.
        case firstVersionNotOne(Int32)
        /// Versions jump from `previous` (in `previousFile`) to `next` (in `nextFile`).
        case versionGap(previous: Int32, next: Int32, previousFile: String, nextFile: String)
        /// A file is not valid UTF-8.
        case invalidUTF8
        /// A file holds a NUL byte, where SQLite would stop reading it: the statements after it would never run.
        case nulByte
        /// A comment or quoted token is never closed.
        case unterminatedToken(SQLLexerProblem)
        /// A statement does what only the migrator may do.
        case forbiddenStatement(MigrationPolicy.Rule)
        /// The folder holds no migration at all.
        case noMigrations(database: String, folder: String)
    }

    /// One problem and where it is.
    public struct Problem: Equatable, Sendable {
        /// What is wrong.
        public let reason: Reason
        /// The file (or folder) and the place in it.
        public let location: SourceLocation

        /// What the project knows of which files shipped (``MigrationSetError/knowing(_:)``); nil when it
        /// keeps no record.
        package var releases: ReleasedFiles?

        /// A problem from its parts.
        package init(_ reason: Reason, at location: SourceLocation) {
            self.reason = reason
            self.location = location
        }

        /// What is wrong, in one lowercase line.
        public var message: String { MigrationSetError.message(for: reason) }

        /// What to do about it, in terms of files and the library's API: with a record of the files that
        /// shipped, a gap or a shared version names the file to rename and its new name, never one that shipped.
        public var hint: String? {
            if let releases, let decided = releases.hint(for: reason, at: location) { return decided }
            return MigrationSetError.hint(for: reason)
        }
    }

    /// The files of a migration folder a record (kiln.sum) says shipped, and the newest version in the folder:
    /// what decides which file of a gap or a shared version may be renamed.
    package struct ReleasedFiles: Equatable, Sendable {
        /// The file names the record lists.
        package let shipped: Set<String>
        /// The highest version among the folder's migration files.
        package let newestVersion: Int32

        /// A record of `shipped` files in a folder whose newest version is `newestVersion`.
        package init(shipped: Set<String>, newestVersion: Int32) {
            self.shipped = shipped
            self.newestVersion = newestVersion
        }
    }

    /// The same problems, their hints decided by which files shipped.
    ///
    /// - Returns: the error with `releases` on every problem.
    package func knowing(_ releases: ReleasedFiles) -> MigrationSetError {
        MigrationSetError(
            problems.map { problem in
                var decided = problem
                decided.releases = releases
                return decided
            })
    }

    /// The problems, in the order they were found.
    public let problems: [Problem]

    /// An error reporting `problems` (at least one).
    package init(_ problems: [Problem]) { self.problems = problems }

    /// The reasons alone, for matching.
    public var reasons: [Reason] { problems.map(\.reason) }

    /// One error diagnostic per problem.
    public var diagnostics: [Diagnostic] {
        problems.map { Diagnostic(.error, $0.message, at: $0.location, hint: $0.hint) }
    }

    /// The diagnostics, formatted one per line.
    public var description: String { diagnostics.map { $0.formatted() }.joined(separator: "\n") }

    private static func message(for reason: Reason) -> String {
        switch reason {
        case .folderUnreadable: "cannot read the migration folder"
        case .fileUnreadable(let error): "cannot read the file: \(error.systemMessage)"
        case .invalidFileName(let name, let problem, _):
            "'\(name)' is not a valid migration file name: \(problem)"
        case .duplicateVersion(let version, let others):
            "duplicate migration version \(version): also used by "
                + others.map { "'\($0)'" }.joined(separator: ", ")
        case .firstVersionNotOne(let first): "migration versions must start at 1, but the first is \(first)"
        case .versionGap(let previous, let next, let previousFile, let nextFile):
            (next - previous == 2
                ? "migration \(previous + 1) is missing" : "migrations \(previous + 1) to \(next - 1) are missing")
                + ": versions jump from \(previous) ('\(previousFile)') to \(next) ('\(nextFile)')"
        case .invalidUTF8: TextProblem.invalidUTF8.messageInSQLFile
        case .nulByte: TextProblem.nulByte.messageInSQLFile
        case .unterminatedToken(let problem): problem.message
        case .forbiddenStatement(let rule): rule.message
        case .noMigrations(_, let folder): "no migrations in '\(folder)'"
        }
    }

    private static func hint(for reason: Reason) -> String? {
        switch reason {
        case .folderUnreadable: "create it, with a first migration such as '0001_create_table.sql'"
        case .fileUnreadable, .unterminatedToken: nil
        case .invalidFileName(_, _, let suggestion): "rename it, e.g. '\(suggestion)'"
        case .duplicateVersion: "give each migration its own version"
        case .firstVersionNotOne: "renumber it to 1"
        case .versionGap(let previous, let next, _, let nextFile):
            "if '\(nextFile)' was never released, renumber it to \(previous + 1); if it was (kiln.sum records it), "
                + "never rename it: add a comment-only placeholder for "
                + (next - previous == 2 ? "version \(previous + 1)" : "each of versions \(previous + 1) to \(next - 1)")
                + ", e.g. '\(MigrationFileName.make(version: previous + 1, words: ["placeholder"]))'"
        case .invalidUTF8: TextProblem.invalidUTF8.hint
        case .nulByte: TextProblem.nulByte.hint
        case .forbiddenStatement(let rule): rule.hint
        case .noMigrations: "create the first one, e.g. '0001_create_table.sql'"
        }
    }
}
