import Kiln

/// `kiln init` cannot start a project: one is already there, or a file could not be written. Nothing it made
/// is left behind.
package struct ProjectInitError: DiagnosticError, Equatable {
    /// What went wrong.
    package enum Reason: Equatable, Sendable {
        /// The folder already holds a project: `kiln.json` or `migrations` (the path, relative to the folder).
        case projectExists(String)
        /// Creating a folder or writing a file failed.
        case fileSystem(FileSystemError)
    }

    /// What went wrong.
    package let reason: Reason
    /// The folder the project was to start in.
    package let root: String

    /// An error starting a project in `root`.
    package init(_ reason: Reason, root: String) {
        self.reason = reason
        self.root = root
    }

    /// The error, located at the existing `kiln.json` or `migrations` when a project is already there, with
    /// `hint` as its note.
    package func diagnostics(hint: String?) -> [Diagnostic] {
        switch reason {
        case .projectExists(let path):
            [
                Diagnostic(
                    .error, "a kiln project already exists in \(root): it has \(path); nothing was written",
                    at: SourceLocation(path: path, line: 1, column: 1), hint: hint)
            ]
        case .fileSystem(let error):
            [Diagnostic(.error, "cannot start a project in \(root): cannot \(error.description); nothing was kept")]
        }
    }

    /// The error as ``diagnostics(hint:)`` words it, with no hint.
    package var diagnostics: [Diagnostic] { diagnostics(hint: nil) }
}
