import Kiln
import KilnBuild

extension ProjectInitError: CommandLineDiagnosable {
    /// The library's diagnostic; where a project already exists, a hint naming `kiln new`, which adds a
    /// database to it.
    var commandLineDiagnostics: [Diagnostic] {
        switch reason {
        case .projectExists: diagnostics(hint: "add a database to it with 'kiln new <database> <description>'")
        case .fileSystem: diagnostics
        }
    }
}
