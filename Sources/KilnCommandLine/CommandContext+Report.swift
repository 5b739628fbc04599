import Foundation
import Kiln
import KilnBuild

extension CommandContext {
    /// Prints a diagnostic on standard error.
    func report(_ diagnostic: Diagnostic) {
        progress?.clear()
        standardError(Self.format(shownFromCurrentFolder(diagnostic), root: absolutePaths ? root : nil) + "\n")
        if let note = DoubleQuotedIdentifierNote.note(for: diagnostic, root: root) {
            standardError(Self.format(shownFromCurrentFolder(note), root: absolutePaths ? root : nil) + "\n")
        }
    }

    /// Prints an error's diagnostics on standard error, worded for the command line.
    func report(_ error: any Error) {
        for diagnostic in ErrorRendering.diagnostics(for: error) { report(diagnostic) }
    }

    /// A diagnostic's text, with its path made absolute against `root` when one is given.
    static func format(_ diagnostic: Diagnostic, root: URL?) -> String {
        guard let root, let location = diagnostic.location, !location.path.hasPrefix("/") else {
            return diagnostic.formatted()
        }
        let absolute = SourceLocation(
            path: root.appendingPathComponent(location.path).path, line: location.line, column: location.column)
        return Diagnostic(
            diagnostic.severity, diagnostic.message, at: absolute, hint: diagnostic.hint, code: diagnostic.code
        ).formatted()
    }

}
