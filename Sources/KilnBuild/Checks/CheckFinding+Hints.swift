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
            "something in the build depends on time or chance; report it with the migrations involved"
        case .upgradeFailed(let database, let version, _),
            .upgradeForeignKeyViolation(let database, let version, _, _, _):
            "the data came from fixtures/\(database)/\(version).sql or, without it, from generated rows"
        case .upgradeDiverged:
            "a migration depends on what earlier ones left behind; make the upgrade path produce the same schema"
        case .queryFailed: "the app runs this statement; fix it or the migrations it expects"
        case .destructiveMigration:
            "if the data must go, say so in a comment; consider copying it first (the 12-step table rebuild keeps rows)"
        case .seedWithoutPrimaryKey: "give it a PRIMARY KEY so seed rows can be updated and synced by key"
        case .queryFullScan: "add an index on the columns it filters by, in a migration"
        // MARK: upgrade data
        case .tableNotPopulated:
            "upgrades are checked without rows in it; a fixture for this version can provide rows the schema accepts"
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
        case .buildNotReproducible: "build-not-reproducible"
        case .buildFailed, .freshBuildUnreadable: "build-failed"
        case .upgradeFailed, .upgradeIntegrityFailed, .upgradeForeignKeyViolation, .upgradeCheckFailed:
            "upgrade-failed"
        case .upgradeDiverged: "upgrade-diverged"
        case .fixtureFailed: "fixture-failed"
        case .queryFailed, .queryUnpreparable, .queriesUnreadable: "query-failed"
        case .destructiveMigration: "destructive-migration"
        case .seedWithoutPrimaryKey: "seed-without-primary-key"
        case .queryFullScan: "query-full-scan"
        // MARK: upgrade data
        case .tableNotPopulated: "table-not-populated"
        case .checkFailed, .error: nil
        }
    }
}
