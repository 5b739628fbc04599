import Kiln

extension CheckFinding {
    /// The finding in words: one diagnostic, or the diagnostics of the error behind a ``Reason/error(_:)``.
    package var diagnostics: [Diagnostic] {
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
    /// What was found, in words; a lint warning ends with its rule's name, e.g. `[drop-table]`.
    package var message: String {
        lintRule.map { "\(plainMessage) [\($0.rawValue)]" } ?? plainMessage
    }

    /// What was found, in words, without the rule's name.
    private var plainMessage: String {
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
        // MARK: upgrade path
        case .upgradeFailed, .upgradeIntegrityFailed, .upgradeForeignKeyViolation, .upgradeDiverged,
            .fixtureMisnamed, .generatedRowsRejected, .upgradedQueryFailed:
            upgradeMessage
        // MARK: -
        case .upgradeCheckFailed(let database, let description), .checkFailed(let database, let description):
            "\(database): \(description)"
        case .fixtureFailed(let version, let message):
            "\(message) (the fixture runs against a database at version \(version))"
        case .queryFailed(let message): message
        case .queryUnpreparable(let description): description
        case .queriesUnreadable(let database, let description): "cannot read queries/\(database).sql: \(description)"
        case .destructiveMigration(let statement):
            "\(statement.rawValue) in a migration after the first deletes user data on every device that upgrades"
        case .seedWithoutPrimaryKey(let table): "table '\(table)' has a seed but no primary key"
        case .queryFullScan(let table, let plan):
            "SQLite reads every row of '\(table)' for this query (its plan on the built file: \(plan))"
        case .renameReferencedTable(let table, let newName, let referencedBy):
            "renaming '\(table)' to '\(newName)' rewrites the foreign keys of \(referencedBy.map { "'\($0)'" }.joined(separator: ", ")) to point at '\(newName)'"
        case .unknownLintRule(let name, _):
            name.isEmpty ? "kiln:allow names no lint rule" : "unknown lint rule '\(name)' in kiln:allow"
        case .lintAllowMisplaced: "this kiln:allow comment belongs to no statement, so it silences nothing"
        case .error(let error): "\(error)"
        case .buildsDiffer(let database, let difference):
            "\(database): two builds of the same sources differ: \(difference.message)"
        // MARK: upgrade data
        case .tableNotPopulated(let table, let message): "could not generate rows for table \(table): \(message)"
        case .fixtureFolderUnknown(let name, _): "fixtures/\(name) names no database: kiln never reads it"
        case .placeholderMigration(let version):
            "migration \(version) holds comments only: a placeholder version, which changes nothing but the version"
        // MARK: stand-ins
        case .standInUsed(let name, let isCollation, let setting):
            "this migration uses the \(isCollation ? "collation" : "function") '\(name)', which kiln runs with the stand-in \(setting) in kiln.json: the device must register the real '\(name)'"
        case .templatePlaceholder(let token):
            "'\(token)' is a template placeholder kiln does not expand"
        // MARK: schema file
        case .schemaFileMissing, .schemaFileUnreadable, .schemaFileStale, .schemaDiagramStale, .schemaFileUnknown:
            schemaFileMessage
        // MARK: planned placeholders
        case .plannedPlaceholder(let description):
            "a placeholder kiln plan left to fill: \(description)"
        }
    }
}
