import Kiln

extension CheckFinding {
    /// The finding in words: one diagnostic, or the diagnostics of the error behind a ``Reason/error(_:)``.
    public var diagnostics: [Diagnostic] {
        if case .error(let error) = reason {
            return (error as? any DiagnosticError)?.diagnostics ?? [Diagnostic(.error, "\(error)")]
        }
        return [diagnostic(hint: reason.hint)]
    }

    /// The finding's one diagnostic with `hint`.
    ///
    /// - Returns: the diagnostic, with the finding's severity, message, location and code.
    package func diagnostic(message: String? = nil, hint: String?) -> Diagnostic {
        Diagnostic(severity, message ?? reason.message, at: location, hint: hint, code: reason.code)
    }
}

extension CheckFinding.Reason {
    /// What was found, in words.
    package var message: String {
        switch self {
        case .sumMissing(let database): "migrations/\(database)/kiln.sum is missing"
        case .sumUnreadable(let database, let error):
            "cannot read migrations/\(database)/kiln.sum: \(error.systemMessage)"
        case .sumLineUnreadable: "cannot read this line of kiln.sum"
        case .migrationEdited(_, let file): "\(file) was edited since kiln.sum recorded it"
        case .migrationRenamed(_, let file, let from): "\(file) was renamed from \(from) since kiln.sum recorded it"
        case .migrationAdded(_, let file): "\(file) is not recorded in kiln.sum"
        case .migrationRemoved(_, let file): "\(file) was removed since kiln.sum recorded it"
        case .sumMismatch: "the total line of kiln.sum does not match its migration lines"
        case .featureTooNew(let feature, let introduced, let floor):
            "\(feature) needs SQLite \(introduced), but the app supports SQLite \(floor) (minimumSQLite in kiln.json)"
        case .buildNotReproducible(let database): "\(database): two builds of the same sources are not byte-identical"
        case .buildFailed(let database, let description): "\(database): \(description)"
        case .freshBuildUnreadable(let database, let description):
            "\(database): cannot read the fresh build: \(description)"
        case .upgradeFailed(_, let version, let message):
            "upgrading a database at version \(version) with data failed: \(message)"
        case .upgradeIntegrityFailed(let version, let result):
            "after upgrading from version \(version), integrity_check failed: \(result)"
        case .upgradeForeignKeyViolation(_, let version, let table, let rowid, let parent):
            "after upgrading from version \(version), table \(table) rowid \(rowid) references a missing row of \(parent)"
        case .upgradeDiverged(let version, let difference):
            "upgrading from version \(version) gives a different schema than a fresh build: \(difference)"
        case .upgradeCheckFailed(let database, let description), .checkFailed(let database, let description):
            "\(database): \(description)"
        case .fixtureFailed(let version, let message):
            "\(message) (the fixture runs against a database at version \(version))"
        case .queryFailed(let message, let version):
            version.map { "\(message) (after upgrading from version \($0))" } ?? message
        case .queryUnpreparable(let description): description
        case .queriesUnreadable(let database, let description): "cannot read queries/\(database).sql: \(description)"
        case .destructiveMigration(let statement):
            "\(statement.rawValue) in a migration after the first deletes user data on every device that upgrades"
        case .seedWithoutPrimaryKey(let table): "table '\(table)' has a seed but no primary key"
        case .queryFullScan(let table): "this query reads every row of '\(table)': no index covers its WHERE columns"
        case .error(let error): "\(error)"
        // MARK: upgrade data
        case .tableNotPopulated(let table, let message): "could not generate rows for table \(table): \(message)"
        }
    }
}
