import Kiln

/// `kiln plan` has no schema file to plan from.
package struct PlanInputError: DiagnosticError, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// `schema/<database>.sql` does not exist.
        case schemaFileMissing(database: String)
        /// It exists but cannot be read.
        case schemaFileUnreadable(FileSystemError)
    }

    /// What is wrong.
    package let reason: Reason
    /// The schema file, relative to the project root.
    package let path: String

    /// An error about the schema file at `path`.
    package init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// One error, with what to do.
    package var diagnostics: [Diagnostic] {
        switch reason {
        case .schemaFileMissing(let database):
            [
                Diagnostic(
                    .error, "\(path) does not exist: kiln plan compares it with the migrations",
                    hint: "write it with 'kiln schema \(database) --write', edit it to the schema you want, then plan")
            ]
        case .schemaFileUnreadable(let error):
            [Diagnostic(.error, "cannot read \(path): \(error.systemMessage)")]
        }
    }
}
