import Kiln

extension CommandContext {
    /// How kiln shows a project path in text (standard output's lines and its messages): the one place that
    /// decides it. A root-relative path is prefixed with ``rootPrefix`` (`../../migrations/shop`,
    /// `../broken/migrations/users`) when the root was found above the current folder or named by `KILN_ROOT`,
    /// so a terminal or editor opens it from there; with `--root` it stays relative to the root, as documented. An absolute path stays as it is. A path typed on
    /// the command line is already relative to the current folder: show its ``CommandLinePath/text`` instead.
    /// JSON documents name paths from the root and do not use this.
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
