import Kiln

/// The command line's wording of a migration folder's problems: hints that say how to create a migration
/// name `kiln new`.
extension MigrationSetError: CommandLineDiagnosable {
    var commandLineDiagnostics: [Diagnostic] {
        problems.map { problem in
            Diagnostic(.error, problem.message, at: problem.location, hint: Self.commandLineHint(for: problem))
        }
    }

    /// The hint as `kiln` prints it.
    private static func commandLineHint(for problem: Problem) -> String? {
        switch problem.reason {
        case .folderUnreadable:
            "create it with 'kiln new \(FileSystem.lastComponent(of: problem.location.path)) <description>'"
        case .noMigrations(let database, _): "create the first one with 'kiln new \(database) <description>'"
        default: problem.hint
        }
    }
}
