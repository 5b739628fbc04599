import Kiln

/// The command line's wording of an install failure: a bundled file that cannot be opened is one `kiln build`
/// should have made, and a failed upgrade is worded as `kiln migrate` words it.
extension InstallerError: CommandLineDiagnosable {
    var commandLineDiagnostics: [Diagnostic] {
        switch reason {
        case .migration(let error): error.commandLineDiagnostics
        case .bundledFileInvalid(.cannotOpen), .bundledFileInvalid(.notADatabase):
            [Diagnostic(.error, message, hint: "ship a file built by 'kiln build'")]
        default: diagnostics
        }
    }
}
