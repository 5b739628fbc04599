import Kiln
import KilnBuild

extension KilnProjectRootError: CommandLineDiagnosable {
    /// The library's diagnostic, with a hint naming `--root` and, for a folder without databases, `kiln new`.
    var commandLineDiagnostics: [Diagnostic] {
        let hint: String? =
            switch reason {
            case .missing, .notAFolder:
                "run kiln in the project folder, or name it with --root <dir>"
            case .noMigrationsFolder:
                "run kiln in the project folder or name it with --root <dir>; "
                    + "to start a project here, create its first database with 'kiln new <database> <description>'"
            case .noDatabases: "create the first database with 'kiln new <database> <description>'"
            case .migrationsNotAFolder, .unreadable: nil
            }
        return [Diagnostic(.error, message, hint: hint)]
    }
}
