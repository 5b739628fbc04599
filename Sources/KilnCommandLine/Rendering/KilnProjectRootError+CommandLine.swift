import Kiln
import KilnBuild

extension KilnProjectRootError: CommandLineDiagnosable {
    /// The library's diagnostic, with a hint naming `--root`, `KILN_ROOT` and, where a project could start,
    /// `kiln init`; for a folder without databases, `kiln new`.
    var commandLineDiagnostics: [Diagnostic] {
        let hint: String? =
            switch reason {
            case .missing, .notAFolder:
                variable.map { "set \($0) to a project folder, or unset it to find the project from here" }
                    ?? "run kiln in the project folder, or name it with --root <dir>"
            case .noMigrationsFolder:
                "run kiln in the project folder or name it with --root <dir>; "
                    + "to start a project here, run 'kiln init'"
            case .notAProject:
                variable.map { "set \($0) to a project folder, or run 'kiln init --root \(root)' to start one there" }
                    ?? "name a project folder, or run 'kiln init --root <dir>' to start one there"
            case .notFound:
                "run 'kiln init' to start one here, or name one with --root <dir> or \(ProjectLocator.environmentVariable)"
            case .noDatabases: "create the first database with 'kiln new <database> <description>'"
            case .migrationsNotAFolder, .unreadable: nil
            }
        return [Diagnostic(.error, message, hint: hint)]
    }
}
