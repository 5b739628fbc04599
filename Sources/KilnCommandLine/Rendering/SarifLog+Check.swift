import Foundation
import Kiln

extension SarifLog {
    /// The base id relative artifact URIs use.
    static let baseID = "PROJECTROOT"

    /// kiln's public home page, for `informationUri`; nil leaves the key out.
    static let informationURI: String? = nil

    /// The log of one `kiln check`.
    ///
    /// - Parameters:
    ///   - diagnostics: every diagnostic the check printed, in order (a note joins the finding before it).
    ///   - root: the project root, which relative paths start at.
    ///   - workspace: `GITHUB_WORKSPACE`, when set: paths are then relative to it, as GitHub expects.
    /// - Returns: the log, one result per finding.
    static func check(_ diagnostics: [Diagnostic], root: URL, workspace: String?) -> SarifLog {
        let records = DiagnosticRecord.records(of: diagnostics)
        var ruleIDs: [String] = []
        for record in records where !ruleIDs.contains(record.code ?? SarifRules.uncoded) {
            ruleIDs.append(record.code ?? SarifRules.uncoded)
        }
        let base = baseFolder(root: root, workspace: workspace)
        let results = records.map { record in
            let ruleID = record.code ?? SarifRules.uncoded
            let text = ([record.message] + record.notes.map { "note: \($0.message)" }).joined(separator: "\n")
            return Result(
                ruleId: ruleID, ruleIndex: ruleIDs.firstIndex(of: ruleID) ?? 0, level: record.severity,
                message: Message(text: text),
                locations: location(of: record, root: root, workspace: workspace).map { [$0] })
        }
        let driver = Driver(
            name: "kiln", version: KilnVersion.current, informationUri: informationURI,
            rules: ruleIDs.map { Rule(id: $0, shortDescription: Message(text: SarifRules.description(of: $0))) })
        let run = Run(
            tool: Tool(driver: driver),
            originalUriBaseIds: [
                baseID: ArtifactLocation(uri: URL(fileURLWithPath: base, isDirectory: true).absoluteString)
            ],
            results: results)
        return SarifLog(runs: [run])
    }

    /// The folder relative URIs start at: the workspace when it holds the root, else the root.
    private static func baseFolder(root: URL, workspace: String?) -> String {
        let probe = WorkflowCommand.repositoryPath("kiln.json", root: root, workspace: workspace)
        guard let workspace, !workspace.isEmpty, !probe.hasPrefix("/") else { return root.path }
        return URL(fileURLWithPath: workspace).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A record's file and region, when it has a location.
    private static func location(of record: DiagnosticRecord, root: URL, workspace: String?) -> Location? {
        guard let file = record.file else { return nil }
        let path = WorkflowCommand.repositoryPath(file, root: root, workspace: workspace)
        let artifact =
            path.hasPrefix("/")
            ? ArtifactLocation(uri: URL(fileURLWithPath: path).absoluteString)
            : ArtifactLocation(
                uri: path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path, uriBaseId: baseID)
        return Location(
            physicalLocation: PhysicalLocation(
                artifactLocation: artifact, region: Region(startLine: record.line ?? 1, startColumn: record.column ?? 1)
            ))
    }
}
