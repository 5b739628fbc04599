import Kiln

/// The folder given as a project root is not a kiln project: it does not exist, is not a folder, or has no
/// `migrations/` folder, or has no database in it. Nothing was read or written; a mistyped root is an error,
/// never an empty project.
public struct KilnProjectRootError: DiagnosticError, Equatable {
    /// What is wrong with the root.
    public enum Reason: Equatable, Sendable {
        /// Nothing exists at the root's path.
        case missing
        /// The root is a file of this kind, not a folder (symbolic links followed).
        case notAFolder(FileKind)
        /// The root is a folder without a `migrations/` folder.
        case noMigrationsFolder
        /// `migrations` in the root is a file of this kind, not a folder.
        case migrationsNotAFolder(FileKind)
        /// The root or its `migrations/` could not be looked at (e.g. a folder without search permission).
        case unreadable(FileSystemError)

        // MARK: no-ops
        /// `migrations/` holds no database folder, so a command over every database would do nothing.
        case noDatabases
    }

    /// What is wrong.
    public let reason: Reason
    /// The root folder's path, as the project was given it.
    public let root: String

    /// An error about the project root at `root`.
    public init(_ reason: Reason, root: String) {
        self.reason = reason
        self.root = root
    }

    /// One line saying what is wrong, naming the folder.
    public var message: String {
        switch reason {
        case .missing: "project folder \(root) does not exist"
        case .notAFolder(let kind): "project folder \(root) is \(kind.phrase), not a folder"
        case .noMigrationsFolder: "\(root) is not a kiln project: it has no migrations/ folder"
        case .migrationsNotAFolder(let kind): "\(root)/migrations is \(kind.phrase), not a folder"
        case .unreadable(let error): "cannot \(error.description)"
        case .noDatabases:
            "no databases in \(root)/migrations: kiln reads each database from a folder migrations/<database>/"
        }
    }

    /// One error, with no location (the root is not a file to point into).
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message)] }
}
