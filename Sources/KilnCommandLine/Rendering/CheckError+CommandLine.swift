import Kiln
import KilnBuild

extension CheckError: CommandLineDiagnosable {
    /// The findings as `kiln` prints them.
    var commandLineDiagnostics: [Diagnostic] { findings.flatMap(\.commandLineDiagnostics) }
}
