import Foundation
import Kiln
import KilnBuild

/// `kiln check [<database>...] [--strict] [--json]`: the CI gate.
enum CheckCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Checks migrations, seeds, upgrade paths and app queries before a release; exits 1 on any error.",
        discussion: """
            For each database: kiln.sum matches the migrations; no feature newer than minimumSQLite; a fresh build
            succeeds twice with identical bytes; a database at every earlier version, holding data
            (fixtures/<database>/<version>.sql or generated rows), upgrades to the fresh schema; every statement of
            queries/<database>.sql prepares; when the project has schema/, schema/<database>.sql describes the
            newest schema (kiln schema <database> --write refreshes it). Warnings fail only with --strict; each ends with its lint rule's name:
              drop-table                DROP TABLE in a migration after the first, unless its rows were copied
                                        earlier in the migration to a table that outlives it (INSERT … SELECT,
                                        UPDATE … SET, a 12-step rebuild, a backup restored), it is a TEMP table
                                        the migration made, or IF EXISTS names a table that does not exist
              drop-column               ALTER TABLE … DROP COLUMN in a migration after the first, unless its
                                        values were copied earlier in the migration (UPDATE t SET new = old, …)
              delete-without-where      DELETE without WHERE in a migration after the first
              rename-referenced-table   ALTER TABLE x RENAME TO y while other tables reference x by foreign key
                                        (not those the same migration rebuilds after the rename)
              seed-without-primary-key  a seeded table without a PRIMARY KEY
              full-scan                 a query with WHERE whose plan on the built file scans a seeded table
            The comment '-- kiln:allow <rule>[, <rule>...]' on the line before a statement, or at the end of its
            first line, silences those rules for that statement (a reason may follow a second '--'). For
            seed-without-primary-key, put it on the table's CREATE TABLE (or the RENAME TO of its rebuild); for
            full-scan, on the query in queries/<database>.sql. An unknown rule name, or an allow comment that belongs
            to no statement, is an error.
            """,
        arguments: [databases.declaration],
        options: [strict.declaration, format.declaration, json.declaration],
        group: .buildAndShip)

    /// `[<database> ...]`.
    static let databases = Argument.databases(help: "The databases to check (default: all).")
    /// `--strict`.
    static let strict = Option<Bool>(flag: "strict", help: "Treat warnings as errors.")
    /// `--json`.
    static let json = CommonOptions.json
    /// `--format <format>`.
    static let format = Option<CheckReportFormat?>(
        name: "format", valueName: "format",
        help: "text (default), json (as --json) or sarif (SARIF 2.1.0, for code-scanning tools).")

    struct Document: Encodable {
        var formatVersion = 1
        /// Findings about the project as a whole (a `fixtures/` folder that names no database).
        let project: [Finding]
        let databases: [DatabaseResult]
        let errors: Int
        let warnings: Int
        let passed: Bool
        /// Every finding in the shape all `--json` documents share (see ``DiagnosticRecord``).
        let diagnostics: [DiagnosticRecord]
    }

    struct DatabaseResult: Encodable {
        let name: String
        let errors: Int
        let warnings: Int
        let diagnostics: [Finding]
    }

    struct Finding: Encodable {
        let code: String?
        /// The lint rule of a lint warning (`drop-table`, …), which `-- kiln:allow` names; nil otherwise.
        let rule: String?
        let severity: String
        let path: String?
        let line: Int?
        let column: Int?
        let message: String
        let hint: String?
        /// For an upgrade finding, the starting versions it affects (each finding is reported once).
        let fromVersions: [Int32]?
        /// For an upgrade finding, earlier versions that were not tried one by one (it may affect them too).
        let untriedVersions: [Int32]?
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        _ = try CheckReportFormat.resolve(format: arguments[Self.format], json: arguments[Self.json])
        let format = context.output.document
        let reportedBefore = context.diagnosticLog.diagnostics.count
        let project = try context.project()
        let names = try project.databases(named: arguments[Self.databases])
        let strict = arguments[Self.strict]
        var checker = ProjectChecker(project: project)
        checker.clock = try BuildClock.sourceDateEpoch(in: context.environment)
        if let line = context.progress { checker.progress = { line.show($0.progressText) } }
        var results: [DatabaseResult] = []
        let stopwatch = Stopwatch()
        let projectDiagnostics = checker.projectFindings().flatMap(\.commandLineDiagnostics)
        let projectFindings = show(projectDiagnostics, starts: nil, format: format, context: context)
        for name in names {
            var findings: [Finding] = []
            var diagnostics: [Diagnostic] = []
            for finding in checker.findings(for: name) {
                let shown = finding.commandLineDiagnostics.map { strict ? $0.promotingWarning : $0 }
                diagnostics += shown
                findings += show(shown, starts: finding.upgradeStarts, format: format, context: context)
            }
            results.append(
                DatabaseResult(
                    name: name, errors: diagnostics.filter { $0.severity == .error }.count,
                    warnings: diagnostics.filter { $0.severity == .warning }.count, diagnostics: findings))
        }
        let errors = results.reduce(projectDiagnostics.count) { $0 + $1.errors }
        let warnings = results.reduce(0) { $0 + $1.warnings }
        try context.stopIfInterrupted()
        switch format {
        case .json:
            let document = Document(
                project: projectFindings, databases: results, errors: errors, warnings: warnings,
                passed: errors == 0, diagnostics: context.diagnosticLog.records)
            try context.printJSON(document)
        case .sarif:
            let findings = Array(context.diagnosticLog.diagnostics.dropFirst(reportedBefore))
            try context.printJSON(SarifLog.check(findings, root: context.root, workspace: context.output.workspace))
        case nil:
            let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
            context.standardOutput(
                "kiln check: \(errors == 0 ? "passed" : "failed"), \(plural(names.count, "database")), \(plural(errors, "error")), \(plural(warnings, "warning")) (\(Format.duration(seconds: stopwatch.elapsed)))\n"
            )
        }
        return errors == 0 ? KilnTool.success : KilnTool.failure
    }
}

extension CheckCommand {
    /// Prints findings as text, or, when a document lists them, only records them (still annotated under
    /// GitHub Actions).
    ///
    /// - Returns: under a document, the findings in the per-database shape, each derived from the record the
    ///   document's `diagnostics` array lists, so the two never disagree; none for text.
    fileprivate static func show(
        _ diagnostics: [Diagnostic], starts: UpgradeStarts?, format: OutputDocument?, context: CommandContext
    ) -> [Finding] {
        guard format != nil else {
            context.report(diagnostics)
            return []
        }
        return context.recordWithoutText(diagnostics).map { Finding($0, starts: starts) }
    }
}

extension CheckCommand.Finding {
    /// A finding as `--json` lists it per database: the fields of its ``DiagnosticRecord`` under their older
    /// names (`path` for `file`, `hint` for the diagnostic's own hint), the lint rule, and the starting
    /// versions of an upgrade finding.
    init(_ origin: DiagnosticRecord.Origin, starts: UpgradeStarts?) {
        let record = origin.record
        self.init(
            code: record.code, rule: record.code.flatMap(LintRule.init(rawValue:))?.rawValue,
            severity: record.severity, path: record.file, line: record.line, column: record.column,
            message: record.message, hint: origin.diagnostic.hint, fromVersions: starts?.versions,
            untriedVersions: starts?.untried.map { Array($0) })
    }
}

extension Diagnostic {
    /// A warning made an error (`--strict`); other diagnostics unchanged.
    fileprivate var promotingWarning: Diagnostic {
        severity == .warning ? Diagnostic(.error, message, at: location, hint: hint, code: code) : self
    }
}
