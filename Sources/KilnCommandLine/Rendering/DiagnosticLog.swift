import Foundation
import Kiln

/// What one run has reported so far, shared by every copy of its ``CommandContext``: the diagnostics in the
/// order they were printed, and whether a document (`--json`, `--format sarif`) is already on standard output. A failure after
/// that never prints a second document, and a command's own document carries the diagnostics it reported.
final class DiagnosticLog: Sendable {
    /// The diagnostics in the order they were recorded.
    private let recorded = LockedValue<[Diagnostic]>([])
    /// Whether a document is on standard output.
    private let printed = LockedValue(false)

    /// An empty log.
    init() {}

    /// Adds diagnostics, already worded, their paths relative to the project root (or absolute under
    /// `--absolute-paths`): documents name files that way whatever folder kiln runs in; only the text on
    /// standard error shows them from the current folder.
    func record(_ diagnostics: [Diagnostic]) {
        recorded.withLock { $0 += diagnostics }
    }

    /// Everything recorded, in order.
    var diagnostics: [Diagnostic] { recorded.withLock { $0 } }

    /// The recorded diagnostics in the JSON shape.
    var records: [DiagnosticRecord] { DiagnosticRecord.records(of: diagnostics) }

    /// Whether a document was printed on standard output.
    var documentPrinted: Bool {
        get { printed.withLock { $0 } }
        set { printed.withLock { $0 = newValue } }
    }
}
