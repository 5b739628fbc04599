import Foundation
import Kiln

/// Where a SARIF result points: its artifact named from the workspace (or the project root), and its region
/// with the column counted in UTF-16 code units, the `columnKind` the log declares. kiln's columns count UTF-8
/// bytes, so the line is read to convert them; a folder (a database with no kiln.sum) gets no region.
struct SarifPlaces {
    /// The project root.
    let root: URL
    /// `GITHUB_WORKSPACE`, when set.
    let workspace: String?

    /// The folder relative URIs start at: the workspace when it holds the root, else the root.
    var base: String {
        guard let workspace, WorkflowCommand.workspaceHolds(root: root, workspace: workspace) else { return root.path }
        return WorkflowCommand.resolved(workspace)
    }

    /// A record's file and region, when it has a location.
    func location(of record: DiagnosticRecord) -> SarifLog.Location? {
        guard let file = record.file else { return nil }
        let path = WorkflowCommand.repositoryPath(file, root: root, workspace: workspace)
        let artifact =
            path.hasPrefix("/")
            ? SarifLog.ArtifactLocation(uri: URL(fileURLWithPath: path).absoluteString)
            : SarifLog.ArtifactLocation(
                uri: path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path,
                uriBaseId: SarifLog.baseID)
        let absolute = file.hasPrefix("/") ? file : root.appendingPathComponent(file).path
        let region =
            FileSystem.isDirectory(absolute)
            ? nil
            : SarifLog.Region(
                startLine: record.line ?? 1,
                startColumn: Self.utf16Column(record.column ?? 1, line: record.line ?? 1, in: absolute))
        return SarifLog.Location(
            physicalLocation: SarifLog.PhysicalLocation(artifactLocation: artifact, region: region))
    }

    /// A 1-based column in UTF-8 bytes as a 1-based column in UTF-16 code units of the same line; unchanged
    /// when the file cannot be read or has no such line.
    ///
    /// - Parameters:
    ///   - column: the column in bytes.
    ///   - line: the 1-based line.
    ///   - path: the file's absolute path.
    /// - Returns: the column in UTF-16 code units.
    static func utf16Column(_ column: Int, line: Int, in path: String) -> Int {
        guard column > 1, line >= 1, let bytes = try? FileSystem.contents(of: path) else { return column }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard line <= lines.count else { return column }
        let text = lines[line - 1]
        let before = text.prefix(column - 1)
        let beyond = column - 1 - before.count
        return String(decoding: before, as: UTF8.self).utf16.count + beyond + 1
    }
}
