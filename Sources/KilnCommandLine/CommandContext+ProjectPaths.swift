import Foundation
import Kiln

extension CommandContext {
    /// How kiln shows a project path in text (standard output's lines and its messages): the one place that
    /// decides it. A root-relative path is prefixed with ``rootPrefix`` (`../../migrations/shop`,
    /// `../broken/migrations/users`) when the root was found above the current folder or named by `KILN_ROOT`,
    /// so a terminal or editor opens it from there; with `--root` it stays relative to the root, as documented. An absolute path stays as it is. A path typed on
    /// the command line is already relative to the current folder: show its ``CommandLinePath/text`` instead.
    /// JSON documents name paths from the root and do not use this. A control character in the path (a file
    /// name can hold any) is shown as an escape (``OneLineText``), so a name cannot forge a line or steer the
    /// terminal.
    func shown(_ projectPath: String) -> String {
        OneLineText.escaped(projectPath.hasPrefix("/") ? projectPath : rootPrefix + projectPath)
    }

    /// A project path made absolute against the root (`--absolute-paths`, annotations, SARIF, reading the file a
    /// diagnostic points into): the one place that joins them. An absolute path stays as it is.
    ///
    /// - Parameters:
    ///   - projectPath: a path relative to `root`, or absolute.
    ///   - root: the project root.
    /// - Returns: the absolute path.
    static func absolute(_ projectPath: String, against root: URL) -> String {
        projectPath.hasPrefix("/") ? projectPath : root.appendingPathComponent(projectPath).path
    }

    /// `diagnostic` with its project-relative location shown from the current folder (see ``shown(_:)``);
    /// unchanged under `--absolute-paths`, which makes it absolute against the root instead.
    func shownFromCurrentFolder(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !absolutePaths, !rootPrefix.isEmpty, let location = diagnostic.location else { return diagnostic }
        let shownLocation = SourceLocation(path: shown(location.path), line: location.line, column: location.column)
        return Diagnostic(
            diagnostic.severity, diagnostic.message, at: shownLocation, hint: diagnostic.hint, code: diagnostic.code)
    }
}
