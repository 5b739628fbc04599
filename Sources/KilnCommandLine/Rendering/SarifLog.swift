import Foundation
import Kiln

/// `kiln check --format sarif`: the findings as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange
/// Format), which code-scanning tools such as GitHub's `upload-sarif` read. Only the members kiln fills are
/// modelled; keys without a value are left out.
struct SarifLog: Encodable {
    /// The schema the log follows.
    let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json"
    /// The SARIF version.
    let version = "2.1.0"
    /// One run: this `kiln check`.
    let runs: [Run]

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }

    /// One analysis run.
    struct Run: Encodable {
        /// kiln and its rules.
        let tool: Tool
        /// Where relative artifact URIs start: `PROJECTROOT`.
        let originalUriBaseIds: [String: ArtifactLocation]
        /// How region columns are counted: UTF-16 code units (SARIF's default, said outright).
        var columnKind = "utf16CodeUnits"
        /// The one invocation of kiln: whether it ran to its end, and why not.
        let invocations: [Invocation]
        /// One result per finding.
        let results: [Result]
    }

    /// One invocation of the tool.
    struct Invocation: Encodable {
        /// Whether kiln ran to its end (a check that finds errors still succeeded in running).
        let executionSuccessful: Bool
        /// What stopped it, when it did not.
        var toolExecutionNotifications: [Notification]?
    }

    /// A message about the run itself rather than a finding: the error that stopped it.
    struct Notification: Encodable {
        /// `error`, `warning` or `note`.
        let level: String
        /// The message, then its notes on lines of their own.
        let message: Message
        /// Where it points, when it does.
        let locations: [Location]?
    }

    /// The tool that produced the results.
    struct Tool: Encodable {
        /// kiln itself.
        let driver: Driver
    }

    /// kiln: name, version and the rules its results cite.
    struct Driver: Encodable {
        /// `kiln`.
        let name: String
        /// kiln's version.
        let version: String
        /// kiln's home page, when it has a public one.
        let informationUri: String?
        /// One rule per finding code the results use.
        let rules: [Rule]
    }

    /// A rule: a finding code and its description.
    struct Rule: Encodable {
        /// The finding code, e.g. `drop-table`.
        let id: String
        /// What the rule finds.
        let shortDescription: Message
    }

    /// Text.
    struct Message: Encodable {
        /// The words.
        let text: String
    }

    /// One finding.
    struct Result: Encodable {
        /// The finding code.
        let ruleId: String
        /// The index of the rule in ``Driver/rules``.
        let ruleIndex: Int
        /// `error`, `warning` or `note`.
        let level: String
        /// The message, then its notes on lines of their own.
        let message: Message
        /// Where it is, when it points into a file.
        let locations: [Location]?
    }

    /// A place in a file.
    struct Location: Encodable {
        /// The file and region.
        let physicalLocation: PhysicalLocation
    }

    /// A file and a region in it.
    struct PhysicalLocation: Encodable {
        /// The file.
        let artifactLocation: ArtifactLocation
        /// The line and column; none for a folder.
        let region: Region?
    }

    /// A file: a URI relative to a base id, or an absolute one.
    struct ArtifactLocation: Encodable {
        /// The URI.
        let uri: String
        /// The base a relative URI starts at.
        var uriBaseId: String?
    }

    /// A line and a column, the column in UTF-16 code units (see ``Run/columnKind``).
    struct Region: Encodable {
        /// The 1-based line.
        let startLine: Int
        /// The 1-based column.
        let startColumn: Int
    }
}
