import Kiln

/// The upgrade check's findings, each said once: findings with the same words at the same place (the same
/// failing statement of a migration, whatever version the data started from) merge into one, which lists every
/// starting version it affects. A migration failure, or an integrity or foreign-key problem at the newest
/// version, that only adversarial rows cause is a risk (its shape kept); the same failure seen on ordinary rows
/// or a fixture, on any path, makes the group an error.
struct UpgradeFindingGroups {
    /// What went wrong, without the starting versions.
    enum Problem: Hashable {
        /// A migration failed (``MigrationError/upgradeProblem``).
        case migrationFailed(problem: String)
        /// `PRAGMA integrity_check` reported `result`.
        case integrity(result: SQLiteValue)
        /// A row of `table` references a missing row of `parent` (the first such row: `rowid`).
        case foreignKey(table: SQLiteValue, parent: SQLiteValue)
        /// The schema differs from the fresh build's.
        case diverged(difference: String)
        /// An app query failed with SQLite's message.
        case query(message: String)
    }

    private struct Key: Hashable {
        let problem: Problem
        let location: SourceLocation?
    }

    private struct Group {
        var starts: UpgradeStarts
        /// The shape of the rows it needs, when only adversarial rows cause it; nil for an error.
        var risk: UpgradeRiskShape?
        /// What the finding needs beyond the key: the first violating rowid, the schema difference.
        let detail: Detail
    }

    /// What a finding holds that is not part of its identity.
    enum Detail {
        case none
        /// The words of the first failure seen (a foreign-key violation's rowids depend on the data).
        case message(String)
        case rowid(SQLiteValue)
        case difference(SchemaDifference)
    }

    let database: String
    private var order: [Key] = []
    private var groups: [Key: Group] = [:]

    init(database: String) { self.database = database }

    /// Records `problem` at `location` for `starts`, merging with the same problem at the same place.
    mutating func add(
        _ problem: Problem, at location: SourceLocation?, from starts: UpgradeStarts, detail: Detail = .none,
        risk: UpgradeRiskShape? = nil
    ) {
        let key = Key(problem: problem, location: location)
        if groups[key] == nil {
            order.append(key)
            groups[key] = Group(starts: starts, risk: risk, detail: detail)
        } else {
            groups[key]?.starts.formUnion(starts)
            if risk == nil { groups[key]?.risk = nil }
        }
    }

    /// Records a migration's failure for `starts`, merging with the same failure at the same place: an error,
    /// or a risk when only rows of shape `risk` cause it.
    mutating func add(
        _ failure: MigrationError, at location: SourceLocation?, from starts: UpgradeStarts,
        risk: UpgradeRiskShape? = nil
    ) {
        add(
            .migrationFailed(problem: failure.upgradeProblem), at: location, from: starts,
            detail: .message(failure.message), risk: risk)
    }

    /// One finding per group, in the order they were first seen.
    var findings: [CheckFinding] {
        order.compactMap { key in
            guard let group = groups[key] else { return nil }
            return CheckFinding(reason(key.problem, group), at: key.location)
        }
    }

    private func reason(_ problem: Problem, _ group: Group) -> CheckFinding.Reason {
        let starts = group.starts
        switch (problem, group.detail) {
        case (.migrationFailed(let message), _):
            if let shape = group.risk {
                return .upgradeRisk(database: database, from: starts, message: message, shape: shape)
            }
            return .upgradeFailed(database: database, from: starts, message: message)
        case (.integrity(let result), _):
            if let shape = group.risk {
                let message = "after the last migration, integrity_check failed: \(result)"
                return .upgradeRisk(database: database, from: starts, message: message, shape: shape)
            }
            return .upgradeIntegrityFailed(from: starts, result: result)
        case (.foreignKey(let table, let parent), .rowid(let rowid)) where group.risk != nil:
            let message =
                "after the last migration, table \(table) rowid \(rowid) references a missing row of \(parent)"
            return .upgradeRisk(database: database, from: starts, message: message, shape: group.risk ?? .unusualValues)
        case (.foreignKey(let table, let parent), .rowid(let rowid)):
            return .upgradeForeignKeyViolation(
                database: database, from: starts, table: table, rowid: rowid, parent: parent)
        case (.foreignKey(let table, let parent), _):
            return .upgradeForeignKeyViolation(
                database: database, from: starts, table: table, rowid: .null, parent: parent)
        case (.diverged, .difference(let difference)): return .upgradeDiverged(from: starts, difference: difference)
        case (.diverged(let words), _): return .upgradeCheckFailed(database: database, description: words)
        case (.query(let message), _): return .upgradedQueryFailed(message: message, from: starts)
        }
    }
}
