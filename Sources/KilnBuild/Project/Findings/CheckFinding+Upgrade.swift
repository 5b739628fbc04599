import Kiln

extension CheckFinding {
    /// The starting versions an upgrade finding affects (what `kiln check --json` lists as `fromVersions`);
    /// nil for other findings.
    package var upgradeStarts: UpgradeStarts? {
        switch reason {
        case .upgradeFailed(_, let starts, _), .upgradeRisk(_, let starts, _, _),
            .upgradeIntegrityFailed(let starts, _),
            .upgradeForeignKeyViolation(_, let starts, _, _, _), .upgradeDiverged(let starts, _),
            .upgradedQueryFailed(_, let starts):
            starts
        default: nil
        }
    }
}
