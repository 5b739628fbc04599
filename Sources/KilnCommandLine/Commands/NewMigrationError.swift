import Kiln

/// `kiln new` could not write the new migration: the step that failed, the project-relative path it was
/// working on, and the file system's error with its real `errno`. Exit status 1, like every failure the
/// system reports.
struct NewMigrationError: DiagnosticError {
    /// What `kiln new` was doing.
    enum Step: Sendable {
        /// Creating `migrations/<database>`.
        case createFolder
        /// Listing it to find the newest version.
        case listFolder
        /// Writing the new migration file.
        case createFile
    }

    /// What failed.
    let step: Step
    /// The folder or file, relative to the project root, e.g. `migrations/shop/0003_add_tag.sql`.
    let path: String
    /// The system's error.
    let cause: FileSystemError

    /// An error of `step` on `path`.
    init(_ step: Step, path: String, cause: FileSystemError) {
        self.step = step
        self.path = path
        self.cause = cause
    }

    /// One error, e.g. `cannot create migrations/shop/0003_add_tag.sql: Operation not permitted`.
    var diagnostics: [Diagnostic] {
        let verb =
            switch step {
            case .createFolder, .createFile: "create"
            case .listFolder: "list"
            }
        return [Diagnostic(.error, "cannot \(verb) \(path): \(cause.systemMessage)")]
    }
}
