import Foundation

/// Diagnostics as GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which the
/// runner turns into annotations on the pull request's files. kiln prints them on standard error, beside the
/// text: GitHub documents standard output, but its runner reads commands from both streams, and standard
/// output must stay one document under `--json`.
enum WorkflowCommand {
    /// The command for one diagnostic record: `::error`, `::warning`, or `::notice` for a lone note; its notes
    /// follow the message on lines of their own (`note: …`), as in the text.
    ///
    /// - Parameters:
    ///   - record: the diagnostic with its notes.
    ///   - file: its file as the repository names it (see ``repositoryPath(_:root:workspace:)``).
    ///   - title: the annotation's title when the diagnostic has no rule of its own (`kiln check`).
    /// - Returns: one line, without its newline.
    static func line(for record: DiagnosticRecord, file: String?, title: String) -> String {
        let command =
            switch record.severity {
            case "error": "error"
            case "warning": "warning"
            default: "notice"
            }
        var properties: [(String, String)] = []
        if let file {
            properties.append(("file", file))
            if let line = record.line { properties.append(("line", "\(line)")) }
            if let column = record.column { properties.append(("col", "\(column)")) }
        }
        properties.append(("title", record.code.map { "\(title) [\($0)]" } ?? title))
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(command) \(list)::\(escapeData(record.messageWithNotes))"
    }

    /// A message escaped as the runner unescapes it: `%`, carriage return and line feed.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value escaped: as a message, plus `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A file as the repository names it, which is what annotations need. kiln's paths are relative to the
    /// project root; when `GITHUB_WORKSPACE` (the checkout) holds the root, the path is made relative to it
    /// instead, so `--root db` still annotates `db/migrations/…`. Outside the workspace, the absolute path.
    ///
    /// - Parameters:
    ///   - path: the path kiln printed (relative to `root`, or absolute).
    ///   - root: the project root.
    ///   - workspace: `GITHUB_WORKSPACE`, when set.
    /// - Returns: the path relative to the workspace, else as given (outside it: absolute).
    static func repositoryPath(_ path: String, root: URL, workspace: String?) -> String {
        repositoryPath(path, root: root, workspacePrefix: workspacePrefix(of: workspace))
    }

    /// ``repositoryPath(_:root:workspace:)`` with the workspace already resolved, for callers that name many
    /// files against one workspace.
    ///
    /// - Parameters:
    ///   - path: the path kiln printed (relative to `root`, or absolute).
    ///   - root: the project root.
    ///   - workspacePrefix: the workspace's ``workspacePrefix(of:)``, nil when it is not set.
    /// - Returns: the path relative to the workspace, else as given (outside it: absolute).
    static func repositoryPath(_ path: String, root: URL, workspacePrefix: String?) -> String {
        guard let workspacePrefix else { return path }
        let file = resolved(CommandContext.absolute(path, against: root))
        return file.hasPrefix(workspacePrefix) ? String(file.dropFirst(workspacePrefix.count)) : file
    }

    /// `GITHUB_WORKSPACE` resolved once, ending in `/`; nil when it is not set or empty.
    static func workspacePrefix(of workspace: String?) -> String? {
        guard let workspace, !workspace.isEmpty else { return nil }
        return folderPrefix(of: workspace)
    }

    /// Whether `GITHUB_WORKSPACE` (the checkout) holds the project root, so paths are named from the workspace.
    ///
    /// - Parameters:
    ///   - root: the project root.
    ///   - workspace: `GITHUB_WORKSPACE`, when set.
    /// - Returns: true when the workspace is set and the root is the workspace or inside it.
    static func workspaceHolds(root: URL, workspace: String?) -> Bool {
        guard let workspace, !workspace.isEmpty else { return false }
        return folderPrefix(of: resolved(root.path)).hasPrefix(folderPrefix(of: workspace))
    }

    /// A path standardized with its symbolic links resolved.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A folder's resolved path ending in `/`, so a prefix test matches whole components.
    private static func folderPrefix(of folder: String) -> String {
        let base = resolved(folder)
        return base.hasSuffix("/") ? base : base + "/"
    }
}
