import Foundation
import Kiln

extension SarifLog {
    /// The base id relative artifact URIs use.
    static let baseID = "PROJECTROOT"

    /// kiln's public home page, for `informationUri`; nil leaves the key out.
    static let informationURI: String? = nil

    /// The log of one `kiln check` that ran to its end (whether or not it found errors).
    ///
    /// - Parameters:
    ///   - diagnostics: every diagnostic the check printed, in order (a note joins the finding before it), paths
    ///     relative to the project root or absolute.
    ///   - root: the project root, which relative paths start at.
    ///   - workspace: `GITHUB_WORKSPACE`, when set: paths are then relative to it, as GitHub expects.
    /// - Returns: the log, one result per finding.
    static func check(_ diagnostics: [Diagnostic], root: URL, workspace: String?) -> SarifLog {
        let records = DiagnosticRecord.records(of: diagnostics)
        var ruleIDs: [String] = []
        for record in records where !ruleIDs.contains(SarifRules.id(of: record)) {
            ruleIDs.append(SarifRules.id(of: record))
        }
        let places = SarifPlaces(root: root, workspace: workspace)
        let results = records.map { record in
            let ruleID = SarifRules.id(of: record)
            return Result(
                ruleId: ruleID, ruleIndex: ruleIDs.firstIndex(of: ruleID) ?? 0, level: record.severity,
                message: Message(text: record.messageWithNotes), locations: places.location(of: record).map { [$0] })
        }
        let rules = ruleIDs.map { Rule(id: $0, shortDescription: Message(text: SarifRules.description(of: $0))) }
        return log(places: places, rules: rules, results: results, invocation: Invocation(executionSuccessful: true))
    }

    /// The log of a `kiln check --format sarif` that failed before it could finish (no project, a usage error,
    /// an interruption): no results, and one invocation that did not succeed, whose notifications are what the
    /// run reported, so an upload step still reads a valid log and shows why.
    ///
    /// - Parameters:
    ///   - diagnostics: everything the run reported, in order.
    ///   - root: the project root (or the current folder when none was found).
    ///   - workspace: `GITHUB_WORKSPACE`, when set.
    /// - Returns: the log.
    static func failure(_ diagnostics: [Diagnostic], root: URL, workspace: String?) -> SarifLog {
        let places = SarifPlaces(root: root, workspace: workspace)
        let notifications = DiagnosticRecord.records(of: diagnostics).map { record in
            Notification(
                level: record.severity, message: Message(text: record.messageWithNotes),
                locations: places.location(of: record).map { [$0] })
        }
        let invocation = Invocation(executionSuccessful: false, toolExecutionNotifications: notifications)
        return log(places: places, rules: [], results: [], invocation: invocation)
    }

    /// A log of one run by kiln.
    private static func log(places: SarifPlaces, rules: [Rule], results: [Result], invocation: Invocation)
        -> SarifLog
    {
        let driver = Driver(name: "kiln", version: KilnVersion.current, informationUri: informationURI, rules: rules)
        let run = Run(
            tool: Tool(driver: driver),
            originalUriBaseIds: [
                baseID: ArtifactLocation(uri: URL(fileURLWithPath: places.base, isDirectory: true).absoluteString)
            ],
            invocations: [invocation], results: results)
        return SarifLog(runs: [run])
    }
}
