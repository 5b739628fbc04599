import Kiln

/// A database that received data at every version (and one per developer fixture) upgrades to the fresh
/// build's schema, intact, and prepares every app query the fresh build prepares (``UpgradePathCheck``).
///
/// The evidence rule: an upgrade is an error when it fails on ordinary rows — distinct values of each
/// column's declared type and of the kind the whole history uses it as, defaults, NULL where allowed, empty
/// text, a fixture's rows. A failure that needs rows ordinary data may not hold (a duplicate in a column that is
/// not unique, a second row in a table the app keeps at one row, unusual values) is an `upgrade-risk` warning.
struct UpgradePathRule: CheckRule {
    let identifier = "upgrade-path"

    func findings(in context: CheckContext) throws -> [CheckFinding] {
        let fresh = try context.freshState()
        let known = Set(try context.freshQueryFailures().flatMap(\.diagnostics))
        let queries = context.appQueries.file
        let history = context.migrator.migrations.migrations.map(\.sql)
        let querySQL = queries.map { String(decoding: $0.source.bytes, as: UTF8.self) }
        let upgrades = UpgradePathCheck(
            project: context.project, migrator: context.migrator, freshSchema: fresh.schema,
            uses: ColumnUses(sources: history + (querySQL.map { [$0] } ?? [])),
            queryFailures: { connection in
                guard let queries else { return [] }
                return AppQueryCheck.check(queries, against: connection).filter {
                    !$0.diagnostics.allSatisfy(known.contains)
                }
            }, progress: { context.report($0) })
        return upgrades.run()
    }

    static let codes = [
        FindingCode("upgrade-failed", "A database at an earlier version does not upgrade."),
        FindingCode(
            "upgrade-risk",
            "A database at an earlier version does not upgrade if it holds rows ordinary data does not have."),
        FindingCode("upgrade-check-failed", "Generated rows for an upgrade were rejected."),
        FindingCode("upgrade-diverged", "An upgraded database's schema differs from a fresh build's."),
        FindingCode("fixture-misnamed", "A fixture file or folder names no database or version."),
        FindingCode("fixture-failed", "A fixture does not run against its version."),
        FindingCode("table-not-populated", "kiln could not generate rows for a table."),
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        switch reason {
        case .upgradeFailed(let database, let starts, let message):
            FindingWords(
                "\(message), when upgrading from \(starts) with data", hint: dataHint(database), code: "upgrade-failed")
        case .upgradeRisk(let database, let starts, let message, let shape):
            FindingWords(
                .warning, "\(message), when upgrading from \(starts) with \(shape.words)",
                hint:
                    "ordinary rows upgrade; if the app's data can take this shape, fix the migration; if not, state the invariant with a constraint, add fixtures/\(database)/<version>.sql with real rows, or put '-- kiln:allow upgrade-risk -- <reason>' on the statement",
                code: "upgrade-risk")
        case .upgradeIntegrityFailed(let starts, let result):
            FindingWords("after upgrading from \(starts), integrity_check failed: \(result)", code: "upgrade-failed")
        case .upgradeForeignKeyViolation(let database, let starts, let table, let rowid, let parent):
            FindingWords(
                "after upgrading from \(starts), table \(table) rowid \(rowid) references a missing row of \(parent)",
                hint: dataHint(database), code: "upgrade-failed")
        case .upgradeDiverged(let starts, let difference):
            FindingWords(
                "upgrading from \(starts) gives a different schema than a fresh build: \(difference)",
                hint:
                    "a migration depends on what earlier ones left behind; make the upgrade path produce the same schema",
                code: "upgrade-diverged")
        case .upgradeCheckFailed(let database, let description):
            FindingWords("\(database): \(description)", code: "upgrade-failed")
        default: fixtureWords(for: reason)
        }
    }

    /// Where an upgrade's data came from.
    private static func dataHint(_ database: String) -> String {
        "the data came from fixtures/\(database)/<version>.sql where one exists, else from generated rows; the migration must handle every row a user may have"
    }

    /// The words of the findings about the upgrades' data: fixtures and generated rows.
    private static func fixtureWords(for reason: CheckFinding.Reason) -> FindingWords? {
        switch reason {
        case .fixtureFailed(let version, let message):
            FindingWords(
                "\(message) (the fixture runs against a database at version \(version))", code: "fixture-failed")
        case .fixtureMisnamed(let database, let file, let problem):
            FindingWords(
                problem.message(file: file, database: database),
                hint: problem.isDuplicate
                    ? "keep one fixture per version"
                    : "name a fixture <version>.sql, the version written as in its migration's file name (0006.sql) or plain (6.sql)"
                        + (problem.suggestion.map { ": did you mean '\($0)'?" } ?? ""),
                code: "fixture-misnamed")
        case .generatedRowsRejected(let database, let version, let table, let problem):
            FindingWords(
                .warning,
                "kiln's generated rows for version \(version) break the schema they were made for"
                    + (table.map { " (table '\($0)')" } ?? "")
                    + ": \(problem); this is a fault of kiln's check, not of the migrations",
                hint:
                    "please report it; meanwhile fixtures/\(database)/\(version).sql replaces the generated rows of version \(version)",
                code: "upgrade-check-failed")
        case .tableNotPopulated(let table, let version, let message):
            FindingWords(
                .note,
                "could not generate rows for table \(table)\(version.map { " at version \($0)" } ?? ""): \(message)",
                hint:
                    "upgrades are checked without rows in it; a fixture for this version can provide rows the schema accepts",
                code: "table-not-populated")
        default: nil
        }
    }
}

extension FixtureNameProblem {
    /// What is wrong with fixture `file` of `database`, in words.
    fileprivate func message(file: String, database: String) -> String {
        switch self {
        case .notAVersion: "\(file) is not named by a version of '\(database)', so it is never read"
        case .unknownVersion(let version, let latest):
            "\(file) names version \(version), but the versions of '\(database)' are 1 to \(latest)"
        case .padding(let version, _):
            "\(file) writes version \(version) neither as its migration's file name does nor plain"
        case .duplicate(let version, let other): "\(file) and \(other) both name version \(version)"
        }
    }

    /// Whether two fixtures name the same version.
    fileprivate var isDuplicate: Bool {
        if case .duplicate = self { return true }
        return false
    }

    /// The name the fixture probably meant, if there is one.
    fileprivate var suggestion: String? {
        switch self {
        case .notAVersion(let suggestion): suggestion
        case .padding(_, let suggestion): suggestion
        case .unknownVersion, .duplicate: nil
        }
    }
}
