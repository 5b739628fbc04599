import Kiln

/// How the chain tells an error from a risk (the evidence rule of ``UpgradePathRule``). The chain's rows include
/// adversarial ones (``EdgeRow``); when a migration fails there, a second cumulative database holding ordinary
/// rows only (``EdgeRow/ordinary``) is brought to the same version — lazily, from where it last stopped, so
/// the whole check runs at most one more chain however many failures it meets — and migrated. A failure there
/// is an error; a pass makes the chain's failure an `upgrade-risk`, and the chain goes on from the ordinary
/// database. A uniqueness failure of ordinary rows that one row per table does not reproduce needs rows that
/// agree on a key (two rows in a table the app may keep at one row): a risk too. The checks at the newest version
/// (integrity, foreign keys) are graded the same way, on the ordinary database brought there.
extension UpgradeChain {
    /// Grades `failure`, the chain's migration to `version`, reports it, and leaves both databases ready for
    /// `version`'s rows.
    ///
    /// - Throws: ``SQLiteError`` or ``MigrationError`` when the check itself cannot run.
    mutating func grade(
        _ failure: MigrationError, at version: Int32, chain: inout Track, ordinary: inout Track,
        into groups: inout UpgradeFindingGroups
    ) throws {
        try advance(&ordinary, through: version - 1, into: &groups)
        var reported = false
        do {
            try check.migrator.migrate(ordinary.connection, to: version)
        } catch let error as MigrationError where error.isAboutTheMigration {
            let risk: UpgradeRiskShape? = try needsSeveralRows(error, failing: version) ? .repeatedRows : nil
            try report(error, at: version, chainStart: ordinary.start, risk: risk, into: &groups)
            ordinary.connection = try schemaOnly(at: version)
            ordinary.start = version
            ordinary.filled = [:]
            // The same failure at the same place: one finding, whose starting versions are found once.
            reported = error.upgradeProblem == failure.upgradeProblem && error.location == failure.location
        }
        if !reported {
            try report(failure, at: version, chainStart: chain.start, risk: Self.shape(of: failure), into: &groups)
        }
        // The chain goes on from the ordinary rows that passed; its unusual rows come again at this version.
        let copy = try SQLiteConnection(path: ":memory:")
        try ordinary.connection.copyDatabase(into: copy)
        chain.connection = copy
        chain.start = ordinary.start
        chain.filled = ordinary.filled
        ordinary.version = version
        try fill(&ordinary, at: version)
    }

    /// Checks the chain at `latest`: an integrity or foreign-key problem the ordinary database, brought to
    /// `latest`, shows too is an error, one only the chain shows a risk; then the schema and the app queries.
    ///
    /// - Throws: ``SQLiteError`` or ``MigrationError`` when the check itself cannot run.
    mutating func inspect(
        _ chain: Track, ordinary: inout Track, latest: Int32, into groups: inout UpgradeFindingGroups
    ) throws {
        let starts = UpgradeStarts([chain.start])
        let violations = try UpgradePathCheck.violations(in: chain.connection)
        if !violations.isEmpty {
            try advance(&ordinary, through: latest, into: &groups)
            let ordinaryViolations = try UpgradePathCheck.violations(in: ordinary.connection)
            for violation in violations {
                let ordinaryToo = ordinaryViolations.contains { Self.isSameCheck($0.problem, violation.problem) }
                groups.add(
                    violation.problem, at: check.lastFile, from: starts, detail: violation.detail,
                    risk: ordinaryToo ? nil : Self.shape(of: violation.problem))
            }
        }
        try check.inspect(chain.connection, from: starts, into: &groups, graded: true)
    }

    /// Whether `other` is the same check's failure as `problem`: any integrity failure (its words name rows),
    /// a foreign key between the same tables.
    private static func isSameCheck(_ other: UpgradeFindingGroups.Problem, _ problem: UpgradeFindingGroups.Problem)
        -> Bool
    {
        switch (other, problem) {
        case (.integrity, .integrity): true
        default: other == problem
        }
    }

    /// The row shape an integrity or foreign-key problem of the chain alone points to: rows that agree on a key
    /// for an index's uniqueness, else unusual values.
    private static func shape(of problem: UpgradeFindingGroups.Problem) -> UpgradeRiskShape {
        if case .integrity(.text(let result)) = problem, result.contains("non-unique") { return .repeatedRows }
        return .unusualValues
    }

    /// Migrates and fills the ordinary database through `target`, reporting a failure on the way (a version the
    /// chain passed because it had lost its rows).
    private mutating func advance(
        _ ordinary: inout Track, through target: Int32, into groups: inout UpgradeFindingGroups
    ) throws {
        while ordinary.version < target {
            let next = ordinary.version + 1
            do {
                try check.migrator.migrate(ordinary.connection, to: next)
            } catch let error as MigrationError where error.isAboutTheMigration {
                let risk: UpgradeRiskShape? = try needsSeveralRows(error, failing: next) ? .repeatedRows : nil
                try report(error, at: next, chainStart: ordinary.start, risk: risk, into: &groups)
                ordinary.connection = try schemaOnly(at: next)
                ordinary.start = next
                ordinary.filled = [:]
            }
            ordinary.version = next
            try fill(&ordinary, at: next)
        }
    }

    /// Adds `error`, the migration to `version`, to `groups` with the starting versions it affects.
    private func report(
        _ error: MigrationError, at version: Int32, chainStart: Int32, risk: UpgradeRiskShape?,
        into groups: inout UpgradeFindingGroups
    ) throws {
        let attribution = UpgradeAttribution(check: check, fixtureVersions: fixtureVersions)
        let starts = try attribution.starts(of: error, failing: version, chainStart: chainStart)
        groups.add(error, at: error.location ?? check.lastFile, from: starts, risk: risk)
    }

    /// Whether ordinary rows' uniqueness failure `failure` needs more than one row in a table: a database at
    /// the version before, with one ordinary row in each table its migrations left empty, migrates past it.
    ///
    /// - Throws: ``MigrationError`` when the database cannot be built.
    private func needsSeveralRows(_ failure: MigrationError, failing version: Int32) throws -> Bool {
        guard Self.shape(of: failure) == .repeatedRows else { return false }
        let probe = try schemaOnly(at: version - 1)
        do {
            let empty = try Self.tableDefinitions(probe).values.filter { table in
                try probe.rows(sql: "SELECT 1 FROM main.\(quoted(table.name)) LIMIT 1").isEmpty
            }
            _ = try GeneratedRows.insert(
                into: probe, version: version - 1, rowsPerTable: 1, edges: [],
                only: Set(empty.map(\.name.identifierKey)),
                uses: check.uses, cache: check.schemaText)
            try check.migrator.migrate(probe, to: version)
        } catch let error as MigrationError {
            return error.upgradeProblem != failure.upgradeProblem || error.location != failure.location
        } catch is SQLiteError {
            return false
        }
        return true
    }

    /// The row shape a failure points to: rows that agree on a key for a uniqueness failure, else unusual
    /// values.
    static func shape(of failure: MigrationError) -> UpgradeRiskShape {
        guard let code = failure.sqliteError?.code else { return .unusualValues }
        return code.matches(.constraintUnique) || code.matches(.constraintPrimaryKey) ? .repeatedRows : .unusualValues
    }
}
