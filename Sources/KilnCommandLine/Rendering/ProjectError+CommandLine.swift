import Kiln
import KilnBuild

extension ProjectError: CommandLineDiagnosable {
    /// The library's diagnostic, with `kiln new` named where the project has no database yet.
    var commandLineDiagnostics: [Diagnostic] {
        [diagnostic(noDatabasesHint: { "there are no databases yet; create one with 'kiln new \($0) <description>'" })]
    }
}
