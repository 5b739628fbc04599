import Foundation
import Kiln

/// What one run has reported so far, shared by every copy of its ``CommandContext``: the diagnostics in the
/// order they were printed, and whether a `--json` document is already on standard output. A failure after
/// that never prints a second document, and a command's own document carries the diagnostics it reported.
final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Diagnostic] = []
    private var printed = false
    private var requested = false

    /// An empty log.
    init() {}

    /// Adds diagnostics, already worded and located as they were printed.
    func record(_ diagnostics: [Diagnostic]) {
        lock.withLock { recorded += diagnostics }
    }

    /// Everything recorded, in order.
    var diagnostics: [Diagnostic] { lock.withLock { recorded } }

    /// The recorded diagnostics in the JSON shape.
    var records: [DiagnosticRecord] { DiagnosticRecord.records(of: diagnostics) }

    /// Whether the command asked for a JSON document in a way ``OutputSettings/isJSON`` does not see
    /// (`kiln check --format json`), so a failure prints the error document too.
    var documentRequested: Bool {
        get { lock.withLock { requested } }
        set { lock.withLock { requested = newValue } }
    }

    /// Whether a JSON document was printed on standard output.
    var documentPrinted: Bool {
        get { lock.withLock { printed } }
        set { lock.withLock { printed = newValue } }
    }
}
