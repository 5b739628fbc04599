import Kiln
import KilnBuild

/// The command line's wording of a refused reset: a file in use can be replaced anyway with `--force`.
extension ResetError: CommandLineDiagnosable {
    var commandLineDiagnostics: [Diagnostic] {
        switch reason {
        case .inUse:
            diagnostics.map {
                Diagnostic(
                    $0.severity, $0.message,
                    hint: "stop the process that has it open, or pass --force to replace it anyway")
            }
        default: diagnostics
        }
    }
}
