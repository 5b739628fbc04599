import Kiln

/// The folder given as a project root is not a kiln project: it does not exist, is not a folder, or has no
/// `migrations/` folder, or has no database in it; or no project was found at or above the folder searched from.
/// Nothing was read or written; a mistyped root is an error, never an empty project.
package struct KilnProjectRootError: DiagnosticError, Equatable {
    /// What is wrong with the root.
    package enum Reason: Equatable, Sendable {
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
        /// The root holds neither `kiln.json` nor a `migrations/` folder, where a project was needed (not a
        /// whole one: `kiln new` and `kiln import` add the first database to a project holding only `kiln.json`).
        case notAProject
        /// No folder from ``KilnProjectRootError/root`` up to the file-system root holds `kiln.json` or a
        /// `migrations/` folder (see ``ProjectLocator``).
        case notFound

        // MARK: no-ops
        /// `migrations/` holds no database folder, so a command over every database would do nothing.
        case noDatabases
    }

    /// What is wrong.
    package let reason: Reason
    /// The root folder's path, as the project was given it (for ``Reason/notFound``, the folder searched from).
    package let root: String
    /// The environment variable that named the root (`KILN_ROOT`), or nil when it was not named by one.
    package let variable: String?

    /// An error about the project root at `root`, named by `variable` when one gave it.
    package init(_ reason: Reason, root: String, variable: String? = nil) {
        self.reason = reason
        self.root = root
        self.variable = variable
    }

    /// One line saying what is wrong, naming the folder.
    package var message: String {
        let named = variable.map { "\(root) (from \($0))" } ?? root
        return switch reason {
        case .missing: "project folder \(named) does not exist"
        case .notAFolder(let kind): "project folder \(named) is \(kind.phrase), not a folder"
        case .noMigrationsFolder: "\(named) is not a kiln project: it has no migrations/ folder"
        case .notAProject: "\(named) is not a kiln project: it has neither kiln.json nor a migrations/ folder"
        case .notFound: "no kiln project in \(root) or any folder above it"
        case .migrationsNotAFolder(let kind): "\(root)/migrations is \(kind.phrase), not a folder"
        case .unreadable(let error): "cannot \(error.description)"
        case .noDatabases:
            "no databases in \(root)/migrations: kiln reads each database from a folder migrations/<database>/"
        }
    }

    /// One error, with no location (the root is not a file to point into).
    package var diagnostics: [Diagnostic] { [Diagnostic(.error, message)] }
}
