import Kiln

extension CheckFinding {
    /// The starting versions an upgrade finding affects (what `kiln check --json` lists as `fromVersions`);
    /// nil for other findings.
    package var upgradeStarts: UpgradeStarts? {
        switch reason {
        case .upgradeFailed(_, let starts, _), .upgradeIntegrityFailed(let starts, _),
            .upgradeForeignKeyViolation(_, let starts, _, _, _), .upgradeDiverged(let starts, _),
            .upgradedQueryFailed(_, let starts):
            starts
        default: nil
        }
    }
}

extension CheckFinding.Reason {
    /// The words of the upgrade path's findings.
    var upgradeMessage: String {
        switch self {
        case .upgradeFailed(_, let starts, let message): "\(message), when upgrading from \(starts) with data"
        case .upgradeIntegrityFailed(let starts, let result):
            "after upgrading from \(starts), integrity_check failed: \(result)"
        case .upgradeForeignKeyViolation(_, let starts, let table, let rowid, let parent):
            "after upgrading from \(starts), table \(table) rowid \(rowid) references a missing row of \(parent)"
        case .upgradeDiverged(let starts, let difference):
            "upgrading from \(starts) gives a different schema than a fresh build: \(difference)"
        case .fixtureMisnamed(let database, let file, let problem):
            fixtureMessage(database: database, file: file, problem: problem)
        case .generatedRowsRejected(_, let version, let table, let problem):
            "kiln's generated rows for version \(version) break the schema they were made for"
                + (table.map { " (table '\($0)')" } ?? "")
                + ": \(problem); this is a fault of kiln's check, not of the migrations"
        case .upgradedQueryFailed(let message, let starts): "\(message) (after upgrading from \(starts))"
        default: message
        }
    }

    /// The hints of the upgrade path's findings.
    var upgradeHint: String? {
        switch self {
        case .upgradeFailed(let database, _, _), .upgradeForeignKeyViolation(let database, _, _, _, _):
            "the data came from fixtures/\(database)/<version>.sql where one exists, else from generated rows; the migration must handle every row a user may have"
        case .fixtureMisnamed(_, _, .duplicate): "keep one fixture per version"
        case .fixtureMisnamed(_, _, let problem):
            "name a fixture <version>.sql, the version written as in its migration's file name (0006.sql) or plain (6.sql)"
                + (problem.suggestion.map { ": did you mean '\($0)'?" } ?? "")
        case .generatedRowsRejected(let database, let version, _, _):
            "please report it; meanwhile fixtures/\(database)/\(version).sql replaces the generated rows of version \(version)"
        case .upgradedQueryFailed: "the app runs this statement; fix it or the migrations it expects"
        default: nil
        }
    }

    private func fixtureMessage(database: String, file: String, problem: FixtureNameProblem) -> String {
        switch problem {
        case .notAVersion: "\(file) is not named by a version of '\(database)', so it is never read"
        case .unknownVersion(let version, let latest):
            "\(file) names version \(version), but the versions of '\(database)' are 1 to \(latest)"
        case .padding(let version, _):
            "\(file) writes version \(version) neither as its migration's file name does nor plain"
        case .duplicate(let version, let other): "\(file) and \(other) both name version \(version)"
        }
    }
}

extension FixtureNameProblem {
    /// The name the fixture probably meant, if there is one.
    var suggestion: String? {
        switch self {
        case .notAVersion(let suggestion): suggestion
        case .padding(_, let suggestion): suggestion
        case .unknownVersion, .duplicate: nil
        }
    }
}
