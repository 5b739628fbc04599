import Kiln

/// Which starting versions a migration failure of the chain affects: for each earlier version k, a database
/// with k's schema and only k's generated rows is migrated to the failing version, and k is affected when it
/// fails there the same way. Run only when the chain failed; the migrations it may run are bounded, nearest
/// versions first, and the versions left untried are said.
struct UpgradeAttribution {
    /// The most migrations the isolated paths of one failure may run.
    static let budget = 5000

    let check: UpgradePathCheck
    /// Versions whose fixture replaces their generated rows; the fixture's own path speaks for them.
    let fixtureVersions: Set<Int32>

    /// The starting versions from which migrating to `failing` fails as `failure` did.
    ///
    /// - Parameters:
    ///   - failure: what the chain's migration to `failing` threw.
    ///   - failing: the version of the failing migration.
    ///   - chainStart: the version the chain started from, named when no single version alone reproduces the
    ///     failure (it needs rows of several versions together).
    /// - Throws: ``SQLiteError`` or ``MigrationError`` when the check itself cannot run.
    /// - Returns: the affected versions, and those not tried.
    func starts(of failure: MigrationError, failing: Int32, chainStart: Int32) throws -> UpgradeStarts {
        let lowest = Self.lowestTried(failing: failing)
        let schema = try SQLiteConnection(path: ":memory:")
        var affected: [Int32] = []
        for version in 1..<failing {
            try check.migrator.migrate(schema, to: version)
            guard version >= lowest, !fixtureVersions.contains(version), check.isStart(version) else { continue }
            if try reproduces(failure, from: schema, version: version, failing: failing) { affected.append(version) }
        }
        let untried = lowest > 1 ? 1...(lowest - 1) : nil
        return UpgradeStarts(affected.isEmpty && untried == nil ? [chainStart] : affected, untried: untried)
    }

    /// The lowest version whose path fits in the budget with every version above it: a path from k runs
    /// `failing - k` migrations.
    static func lowestTried(failing: Int32) -> Int32 {
        var cost = 0
        var version = failing - 1
        while version >= 1 {
            cost += Int(failing - version)
            if cost > budget { return version + 1 }
            version -= 1
        }
        return 1
    }

    /// Whether a copy of `schema` (at `version`) with `version`'s generated rows fails migrating to `failing`
    /// with the same message at the same place.
    private func reproduces(_ failure: MigrationError, from schema: SQLiteConnection, version: Int32, failing: Int32)
        throws -> Bool
    {
        let path = try SQLiteConnection(path: ":memory:")
        try schema.copyDatabase(into: path)
        do {
            _ = try GeneratedRows.insert(into: path, version: version, uses: check.uses, cache: check.schemaText)
            try check.migrator.migrate(path, to: failing)
        } catch let error as MigrationError {
            return error.upgradeProblem == failure.upgradeProblem && error.location == failure.location
        } catch is SQLiteError {
            return false
        }
        return false
    }
}
