extension CheckFinding.Reason {
    /// How to fix it, in the library's words (the command line names its commands instead).
    package var hint: String? {
        switch self {
        case .sumMissing: "record the migrations' hashes in kiln.sum and commit the file"
        case .sumLineUnreadable: "regenerate kiln.sum from the migrations"
        case .migrationEdited, .migrationRenamed:
            "if it was never released, accept it by recording kiln.sum again; a released migration must never change: add a new one instead"
        case .migrationAdded: "record it in kiln.sum and commit kiln.sum with it"
        case .migrationRemoved:
            "a released migration must stay; if it was never released, accept the removal by recording kiln.sum again"
        case .sumMismatch: "the file was edited by hand or merged badly; regenerate it from the migrations"
        default: sharedHint
        }
    }

    /// The hint the library and the command line word alike, which names no command.
    package var sharedHint: String? {
        switch self {
        case .featureTooNew(let feature, _, _):
            "write it without \(feature), or raise minimumSQLite with the app's deployment target"
        case .buildNotReproducible:
            "every table holds the same rows in both builds, so the files differ in layout; compare their page_size, encoding and auto_vacuum"
        case .buildsDiffer:
            "kiln pins the clock and seeds random() and randomblob(); the value comes from another source of chance (a function an extension adds, a value written outside SQL): make it depend only on the sources"
        // MARK: upgrade path
        case .upgradeFailed, .upgradeForeignKeyViolation, .fixtureMisnamed, .generatedRowsRejected,
            .upgradedQueryFailed:
            upgradeHint
        // MARK: -
        case .upgradeDiverged:
            "a migration depends on what earlier ones left behind; make the upgrade path produce the same schema"
        case .queryFailed: "the app runs this statement; fix it or the migrations it expects"
        case .destructiveMigration(.dropTable):
            "to keep its rows, rebuild the 12-step way (create the new table, INSERT … SELECT from the old one, drop it, rename the new one: that DROP is not flagged); if the data must go, write '-- kiln:allow drop-table' on the line before it"
        case .destructiveMigration(let statement):
            "copy the data first if it matters; if it must go, write '-- kiln:allow \(statement.rule.rawValue)' on the line before it"
        case .seedWithoutPrimaryKey:
            "give it a PRIMARY KEY so seed rows can be updated and synced by key, or write '-- kiln:allow seed-without-primary-key' before the CREATE TABLE that makes it"
        case .queryFullScan:
            "add an index on the columns it filters by, in a migration; if the scan is intended, write '-- kiln:allow full-scan' before the query"
        case .renameReferencedTable(let table, let newName, _):
            "they dangle once '\(newName)' is dropped; rename the new table instead (the 12-step rebuild): create it, copy the rows, drop '\(table)', then rename the new table to '\(table)' (PRAGMA legacy_alter_table=ON before the rename also leaves them on '\(table)')"
        case .lintAllowMisplaced:
            "put it on the line before the statement, or at the end of the statement's first line"
        case .unknownLintRule(_, let suggestion):
            (suggestion.map { "did you mean '\($0)'? " } ?? "")
                + "the rules are \(LintRule.names.joined(separator: ", ")); separate several with commas and put a reason after a second '--'"
        // MARK: upgrade data
        case .tableNotPopulated:
            "upgrades are checked without rows in it; a fixture for this version can provide rows the schema accepts"
        case .fixtureFolderUnknown(let name, let known):
            (Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? "")
                + "fixtures live in fixtures/<database>/<version>.sql; the databases are: "
                + (known.isEmpty ? "none" : known.joined(separator: ", "))
        // MARK: stand-ins
        case .standInUsed:
            "register it on every connection that migrates (Migrator.prepareConnection, DatabaseInstaller.prepareConnection) and on the app's own"
        case .templatePlaceholder:
            "kiln runs migrations as plain SQL: write what the template would expand to for SQLite (e.g. INTEGER PRIMARY KEY AUTOINCREMENT)"
        // MARK: schema file
        case .schemaFileMissing, .schemaFileUnreadable, .schemaFileStale, .schemaDiagramStale, .schemaFileUnknown:
            schemaFileHint
        case .plannedPlaceholder:
            "replace the kiln_placeholder(...) call with the SQL expression it describes; kiln migrate fails at it until then"
        default: nil
        }
    }

    /// The stable rule identifier tools read from `--json`.
    package var code: String? {
        switch self {
        case .sumMissing: "sum-missing"
        case .sumUnreadable, .sumLineUnreadable: "sum-unreadable"
        case .migrationEdited: "migration-edited"
        case .migrationRenamed: "migration-renamed"
        case .migrationAdded: "migration-added"
        case .migrationRemoved: "migration-removed"
        case .sumMismatch: "sum-mismatch"
        case .featureTooNew: "feature-too-new"
        case .buildNotReproducible, .buildsDiffer: "build-not-reproducible"
        case .buildFailed, .freshBuildUnreadable: "build-failed"
        // MARK: upgrade path
        case .upgradeFailed, .upgradeIntegrityFailed, .upgradeForeignKeyViolation, .upgradeCheckFailed:
            "upgrade-failed"
        case .generatedRowsRejected: "upgrade-check-failed"
        case .fixtureMisnamed: "fixture-misnamed"
        case .upgradedQueryFailed: "query-failed"
        // MARK: -
        case .upgradeDiverged: "upgrade-diverged"
        case .fixtureFailed: "fixture-failed"
        case .queryFailed, .queryUnpreparable, .queriesUnreadable: "query-failed"
        case .destructiveMigration, .seedWithoutPrimaryKey, .queryFullScan, .renameReferencedTable: lintRule?.rawValue
        case .unknownLintRule: "unknown-lint-rule"
        case .lintAllowMisplaced: "lint-allow-misplaced"
        // MARK: upgrade data
        case .tableNotPopulated: "table-not-populated"
        case .placeholderMigration: "placeholder-migration"
        case .fixtureFolderUnknown: "fixture-misnamed"
        // MARK: stand-ins
        case .standInUsed: "stand-in-used"
        case .templatePlaceholder: "template-placeholder"
        // MARK: schema file
        case .schemaFileMissing: "schema-file-missing"
        case .schemaFileUnreadable: "schema-file-unreadable"
        case .schemaFileStale: "schema-file-stale"
        case .schemaDiagramStale: "schema-diagram-stale"
        case .plannedPlaceholder: "planned-placeholder"
        case .schemaFileUnknown: "schema-file-misnamed"
        case .checkFailed, .error: nil
        }
    }
}
