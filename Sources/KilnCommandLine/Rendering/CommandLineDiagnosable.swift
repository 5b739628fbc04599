import Kiln

/// An error whose diagnostics the command line words differently from the library: it adds the hints that
/// name `kiln` commands and flags, which the libraries never mention. Each area's error type conforms in a
/// file of its own beside this one (`<Area>Error+CommandLine.swift`).
protocol CommandLineDiagnosable: Error {
    /// The diagnostics exactly as `kiln` prints them.
    var commandLineDiagnostics: [Diagnostic] { get }
}
