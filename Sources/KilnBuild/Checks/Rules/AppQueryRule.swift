import Kiln

/// Every app query (`queries/<database>.sql`) can be read and prepares against the fresh build
/// (``AppQueryCheck``; the upgraded databases are ``UpgradePathRule``'s).
struct AppQueryRule: CheckRule {
    /// What a rule of this kind reports.
    enum Part {
        /// Why the queries file cannot be read.
        case queriesFile
        /// The queries that do not prepare on the fresh build.
        case freshBuild
    }

    /// What this rule reports.
    let part: Part

    /// The rule reporting `part`.
    init(of part: Part) { self.part = part }

    var identifier: String { part == .queriesFile ? "app-queries-file" : "app-queries" }

    func findings(in context: CheckContext) throws -> [CheckFinding] {
        switch part {
        case .queriesFile: return context.appQueries.findings
        case .freshBuild:
            guard context.appQueries.file != nil else { return [] }
            context.report(.appQueries)
            return try context.freshQueryFailures()
        }
    }

    /// `queries/<database>.sql` of `project`, when it exists, or why it cannot be read.
    static func read(_ database: String, in project: KilnProject) -> (file: SQLFile?, findings: [CheckFinding]) {
        let relative = "queries/\(database).sql"
        let path = project.root.appendingPathComponent(relative).path
        guard FileSystem.exists(path) else { return (nil, []) }
        do {
            return (try SQLFile(path: path, displayPath: relative), [])
        } catch let error as DiagnosticError {
            return (nil, [CheckFinding(.error(error, code: "query-failed"))])
        } catch {
            return (nil, [CheckFinding(.queriesUnreadable(database: database, description: "\(error)"))])
        }
    }

    static let codes = [FindingCode("query-failed", "An app query does not prepare.")]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        let fix = "the app runs this statement; fix it or the migrations it expects"
        return switch reason {
        case .queryFailed(let message): FindingWords(message, hint: fix, code: "query-failed")
        case .upgradedQueryFailed(let message, let starts):
            FindingWords("\(message) (after upgrading from \(starts))", hint: fix, code: "query-failed")
        case .queryUnpreparable(let description): FindingWords(description, code: "query-failed")
        case .queriesUnreadable(let database, let description):
            FindingWords("cannot read queries/\(database).sql: \(description)", code: "query-failed")
        default: nil
        }
    }
}
