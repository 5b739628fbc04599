import Foundation
import Kiln

/// Where a SARIF result points: its artifact named from the workspace (or the project root), and its region
/// with the column counted in UTF-16 code units, the `columnKind` the log declares. kiln's columns count UTF-8
/// bytes, so the line is read to convert them; a folder (a database with no kiln.sum) gets no region.
///
/// One value serves one log: it resolves the workspace once, and reads each file only as far as its deepest
/// finding so far, keeping what it read for the next finding in that file.
final class SarifPlaces {
    /// The project root.
    let root: URL
    /// `GITHUB_WORKSPACE` resolved, ending in `/` (see ``WorkflowCommand/workspacePrefix(of:)``).
    private let workspacePrefix: String?
    /// The folder relative URIs start at: the workspace when it holds the root, else the root.
    let base: String
    /// The lines read so far, by absolute path.
    private var readers: [String: SarifLineReader] = [:]

    /// The places of one log.
    ///
    /// - Parameters:
    ///   - root: the project root.
    ///   - workspace: `GITHUB_WORKSPACE`, when set.
    init(root: URL, workspace: String?) {
        self.root = root
        self.workspacePrefix = WorkflowCommand.workspacePrefix(of: workspace)
        if let workspace, WorkflowCommand.workspaceHolds(root: root, workspace: workspace) {
            base = WorkflowCommand.resolved(workspace)
        } else {
            base = root.path
        }
    }

    /// A record's file and region, when it has a location.
    func location(of record: DiagnosticRecord) -> SarifLog.Location? {
        guard let file = record.file else { return nil }
        let path = WorkflowCommand.repositoryPath(file, root: root, workspacePrefix: workspacePrefix)
        let artifact =
            path.hasPrefix("/")
            ? SarifLog.ArtifactLocation(uri: URL(fileURLWithPath: path).absoluteString)
            : SarifLog.ArtifactLocation(
                uri: path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path,
                uriBaseId: SarifLog.baseID)
        let absolute = CommandContext.absolute(file, against: root)
        let region =
            FileSystem.isDirectory(absolute)
            ? nil
            : SarifLog.Region(
                startLine: record.line ?? 1,
                startColumn: utf16Column(record.column ?? 1, line: record.line ?? 1, in: absolute))
        return SarifLog.Location(
            physicalLocation: SarifLog.PhysicalLocation(artifactLocation: artifact, region: region))
    }

    /// A 1-based column in UTF-8 bytes as a 1-based column in UTF-16 code units of the same line; unchanged
    /// when the file cannot be read or has no such line. The file is read only up to that line.
    ///
    /// - Parameters:
    ///   - column: the column in bytes.
    ///   - line: the 1-based line.
    ///   - path: the file's absolute path.
    /// - Returns: the column in UTF-16 code units.
    func utf16Column(_ column: Int, line: Int, in path: String) -> Int {
        guard column > 1, line >= 1 else { return column }
        var reader = readers.removeValue(forKey: path) ?? SarifLineReader(path: path)
        defer { readers[path] = reader }
        guard let text = reader.line(line) else { return column }
        let before = text.prefix(column - 1)
        let beyond = column - 1 - before.count
        return String(decoding: before, as: UTF8.self).utf16.count + beyond + 1
    }
}
