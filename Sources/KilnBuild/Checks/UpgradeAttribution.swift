import Kiln

/// Which starting versions a migration failure of the chain affects: for each earlier version k, a database
/// with k's schema and only k's generated rows is migrated to the failing version, and k is affected when it
/// fails there the same way. Run only when the chain failed; the migrations it may run are bounded, nearest
/// versions first, and the versions left untried are said.
///
/// Most of those paths need not run: the schema of each version is a copy of the check's walk without rows
/// (``UpgradeSchemaWalk``), and a path whose rows cannot reach the failing migration (``UpgradeRowReach``, from what
/// SQLite says each migration touches) does not fail there, so it is not migrated at all. Only the paths whose
/// rows the failing migration may meet are run, each as before; the versions found are the same.
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
        let walk = check.schemaWalk
        try walk.advance(check.migrator, to: failing - 1)
        let mayFail = try pathsMeeting(failure, failing: failing)
        var affected: [Int32] = []
        for version in lowest..<failing where !fixtureVersions.contains(version) && check.isStart(version) {
            guard mayFail(version) else { continue }
            let path = try walk.database(at: version, check.migrator)
            if try reproduces(failure, on: path, version: version, failing: failing) { affected.append(version) }
        }
        let untried = lowest > 1 ? 1...(lowest - 1) : nil
        return UpgradeStarts(affected.isEmpty && untried == nil ? [chainStart] : affected, untried: untried)
    }

    /// Which starting versions' paths the failing migration may meet the rows of (``UpgradeRowReach``): every one
    /// when the walk cannot tell, because the migration fails without rows too, or the failure is not located
    /// in its file (a path that failed elsewhere might then fail the same way).
    ///
    /// - Throws: ``SQLiteError`` when the walk's database cannot be read.
    /// - Returns: a test of a starting version.
    func pathsMeeting(_ failure: MigrationError, failing: Int32) throws -> (Int32) -> Bool {
        let walk = check.schemaWalk
        guard let path = failure.location?.path, path == check.migrator.migrations.migration(version: failing)?.path,
            (try? walk.advance(check.migrator, to: failing)) != nil, let last = walk.access(of: failing)
        else { return { _ in true } }
        var checked: Set<SQLIdentifierKey> = []
        if case .foreignKeyViolation = failure.reason {
            // The migrator's foreign-key check after the statements reads every table with a foreign key, and
            // their parents.
            checked = try Self.foreignKeyTables(in: walk.database(at: failing, check.migrator))
        }
        return { start in
            var reach = UpgradeRowReach(startingIn: walk.tables(at: start))
            for version in (start + 1)..<failing {
                guard let access = walk.access(of: version) else { return true }
                reach.follow(access)
            }
            return reach.meets(last, checking: checked)
        }
    }

    /// The tables of `connection` that have a foreign key, and the tables they reference.
    private static func foreignKeyTables(in connection: SQLiteConnection) throws -> Set<SQLIdentifierKey> {
        let query = """
            SELECT m.name, f."table" FROM main.sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f
            WHERE m.type = 'table'
            """
        var tables: Set<SQLIdentifierKey> = []
        for row in try connection.rows(sql: query) {
            for case .text(let name) in row { tables.insert(name.identifierKey) }
        }
        return tables
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

    /// Whether `path`, a database at `version` without rows, with `version`'s generated rows fails migrating
    /// to `failing` with the same message at the same place.
    private func reproduces(_ failure: MigrationError, on path: SQLiteConnection, version: Int32, failing: Int32)
        throws -> Bool
    {
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
