/// The one JSON document a command prints on standard output under `--json` when it fails before it could
/// print its own: a thrown error, a usage error, an interruption. Its shape is documented in
/// docs/json-output.md; commands that print their own document on failure carry the same `diagnostics` array.
struct ErrorDocument: Encodable {
    /// How a run that printed this document ended.
    enum Outcome: String, Encodable {
        /// A failure the input or the system caused (exit 1).
        case failed
        /// A command line that does not fit (exit 64).
        case usageError
        /// A signal stopped the command (exit 128 plus the signal).
        case interrupted
    }

    /// The version of this shape; additions keep it, changes bump it.
    var formatVersion = 1
    /// The subcommand (`migrate`), or nil when none was recognised.
    let command: String?
    /// How the run ended.
    let outcome: Outcome
    /// The exit status kiln returns.
    let exitStatus: Int32
    /// Every diagnostic the run printed, in order.
    let diagnostics: [DiagnosticRecord]
}
