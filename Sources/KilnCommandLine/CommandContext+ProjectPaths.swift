import Kiln

extension CommandContext {
    /// A project-relative path as shown to the user: prefixed with ``rootPrefix`` (`../../migrations/shop`) when
    /// the root was found above the current folder, so a terminal or editor opens it from there.
    func shown(_ projectPath: String) -> String {
        projectPath.hasPrefix("/") ? projectPath : rootPrefix + projectPath
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
