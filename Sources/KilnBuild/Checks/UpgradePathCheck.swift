import Foundation
import Kiln

/// Upgrades with data, in time linear in the number of versions and memory independent of it.
///
/// One cumulative chain plays a device that kept using the app: an empty database is migrated to 1, 2, …, N,
/// and after each migration it receives that version's generated rows (``GeneratedRows``), so the rows of
/// every version go through every later migration. At N it must pass the integrity and foreign-key checks,
/// have the fresh build's schema and prepare every app query. When migration m fails, the failure is reported
/// once, at the failing statement, with the starting versions it affects (``UpgradeAttribution``), and the
/// chain continues from a database with m's schema and no rows, so later bugs are still found.
///
/// The chain's rows include adversarial ones; a failure only they cause is a risk, not an error
/// (``UpgradeChain/grade(_:at:chain:ordinary:into:)``), and a risk whose statement carries
/// `-- kiln:allow upgrade-risk` is settled.
///
/// A developer's fixture (``UpgradeFixture``) replaces the generated rows of its version in the chain and gets
/// a path of its own: a database with its version's schema, the fixture, migrated to N, the same checks. The
/// same problem at the same place is reported once, whichever paths show it (``UpgradeFindingGroups``).
struct UpgradePathCheck {
    let project: KilnProject
    let migrator: Migrator
    /// The fresh build's schema, which every upgraded database must end with.
    let freshSchema: SchemaSnapshot
    /// What the whole history (every migration, the app queries) says the columns hold, which every generated
    /// row follows.
    let uses: ColumnUses
    /// The app-query failures on an upgraded database that the fresh build does not have.
    let queryFailures: (SQLiteConnection) -> [CheckFinding]
    /// Told as the chain reaches each version and as each fixture's path starts.
    var progress: (CheckProgress.Step) -> Void = { _ in }
    /// What reading schema text gave, for every generation of rows this check makes (the chain's and the
    /// attribution's): its own, never another run's.
    let schemaText = SchemaTextCache()
    /// The database without rows at each version that a failure needs (its grading, the chain going on after
    /// it, its starting versions), migrated once for the whole check.
    let schemaWalk = UpgradeSchemaWalk()

    var database: String { migrator.migrations.database }

    /// Whether a device can be at `version` with data, so an upgrade path may start there: every version,
    /// unless `kiln.json` lists the database's `releases` (then only those: two migrations released together
    /// leave no device at the first of them).
    func isStart(_ version: Int32) -> Bool {
        project.configuration.settings(for: database).releases.map { $0.contains(version) } ?? true
    }

    /// The oldest version an upgrade path may start from: 1, or the first release `kiln.json` lists.
    var firstStart: Int32 { project.configuration.settings(for: database).releases?.first ?? 1 }

    /// What went wrong: fixture-name errors and notes first, then each upgrade problem once.
    ///
    /// - Returns: the findings; none when every upgrade passes.
    func run() -> [CheckFinding] {
        let latest = migrator.migrations.latestVersion
        guard latest >= 1 else { return [] }
        var findings: [CheckFinding] = []
        var groups = UpgradeFindingGroups(database: database)
        do {
            let (fixtures, misnamed) = try UpgradeFixture.all(in: project, migrations: migrator.migrations)
            findings += misnamed
            guard latest > 1 else { return findings }
            var chain = UpgradeChain(check: self, fixtureVersions: Set(fixtures.map(\.version)))
            try chain.run(to: latest, into: &groups)
            findings += chain.notes
            for fixture in fixtures {
                progress(.fixture(version: fixture.version))
                findings += try upgrade(fixture, into: &groups)
            }
        } catch let error as DiagnosticError {
            findings.append(CheckFinding(.error(error, code: "upgrade-check-failed")))
        } catch {
            findings.append(CheckFinding(.upgradeCheckFailed(database: database, description: "\(error)")))
        }
        return findings + groups.findings.filter { !isAllowedRisk($0) }
    }

    /// Whether `finding` is a risk its failing statement allows (`-- kiln:allow upgrade-risk`).
    private func isAllowedRisk(_ finding: CheckFinding) -> Bool {
        guard case .upgradeRisk = finding.reason, let location = finding.location,
            let migration = migrator.migrations.migrations.first(where: { $0.path == location.path })
        else { return false }
        let statements = migration.statements
        let index = statements.lastIndex { statement in
            let start = migration.source.location(ofByte: statement.range.lowerBound)
            return (start.line, start.column) <= (location.line, location.column)
        }
        // A problem of the newest version points at its file's start: the first statement carries its allow.
        guard let index = index ?? statements.indices.first else { return false }
        return LintAllowances(source: migration.source, statements: statements).allows(.upgradeRisk, statementAt: index)
    }

    /// The fixture's own path: a database at its version holding only its rows, migrated to the newest.
    ///
    /// - Throws: ``SQLiteError`` or ``MigrationError`` when the check itself cannot run.
    /// - Returns: the fixture's own errors (a failing statement); upgrade problems go to `groups`.
    private func upgrade(_ fixture: UpgradeFixture, into groups: inout UpgradeFindingGroups) throws -> [CheckFinding] {
        let connection = try migrator.freshDatabase(at: fixture.version)
        do {
            try fixture.load(into: connection)
        } catch let error as CheckError {
            return error.findings
        }
        // Orphans the fixture left would be blamed on the next migration, whose foreign-key check finds them.
        if let orphan = try connection.rows(sql: "PRAGMA main.foreign_key_check").first {
            let message = "a row of \(orphan[0]) references a missing row of \(orphan[2])"
            let location = SourceLocation(path: fixture.relativePath, line: 1, column: 1)
            return [CheckFinding(.fixtureFailed(version: fixture.version, message: message), at: location)]
        }
        let starts = UpgradeStarts([fixture.version])
        do {
            try migrator.migrate(connection)
        } catch let error as MigrationError where error.isAboutTheMigration {
            groups.add(error, at: error.location ?? lastFile, from: starts)
            return []
        }
        try inspect(connection, from: starts, into: &groups)
        return []
    }

    /// Integrity, foreign keys, schema and app queries of a database migrated to the newest version; without the
    /// first two when the caller has `graded` them (``UpgradeChain/inspect(_:ordinary:latest:into:)``).
    ///
    /// - Throws: ``SQLiteError`` when the checks themselves cannot run.
    func inspect(
        _ connection: SQLiteConnection, from starts: UpgradeStarts, into groups: inout UpgradeFindingGroups,
        graded: Bool = false
    ) throws {
        if !graded {
            for violation in try Self.violations(in: connection) {
                groups.add(violation.problem, at: lastFile, from: starts, detail: violation.detail)
            }
        }
        let schema = try SchemaSnapshot.read(from: connection)
        for difference in SchemaDifference.compare(expected: freshSchema, actual: schema) {
            groups.add(
                .diverged(difference: "\(difference)"), at: lastFile, from: starts, detail: .difference(difference))
        }
        for failure in queryFailures(connection) {
            guard case .queryFailed(let message) = failure.reason else { continue }
            groups.add(.query(message: message), at: failure.location, from: starts)
        }
    }

    /// What `PRAGMA integrity_check` and `PRAGMA foreign_key_check` find wrong in a database migrated to the
    /// newest version: the first problem of each.
    ///
    /// - Throws: ``SQLiteError`` when the checks cannot run.
    static func violations(
        in connection: SQLiteConnection
    ) throws -> [(problem: UpgradeFindingGroups.Problem, detail: UpgradeFindingGroups.Detail)] {
        var found: [(problem: UpgradeFindingGroups.Problem, detail: UpgradeFindingGroups.Detail)] = []
        let integrity = try connection.rows(sql: "PRAGMA integrity_check")
        if integrity != [["ok"]] { found.append((.integrity(result: integrity.first?.first ?? .null), .none)) }
        if let first = try connection.rows(sql: "PRAGMA foreign_key_check").first {
            found.append((.foreignKey(table: first[0], parent: first[2]), .rowid(first[1])))
        }
        return found
    }

    /// Where findings about the upgraded result point: the newest migration.
    var lastFile: SourceLocation? {
        migrator.migrations.migrations.last.map { SourceLocation(path: $0.path, line: 1, column: 1) }
    }
}

extension MigrationError {
    /// What identifies the failure whatever rows caused it: SQLite's message, or for foreign-key violations
    /// the tables involved (the rowids and their count depend on the data).
    var upgradeProblem: String {
        guard case .foreignKeyViolation(_, let violations) = reason else { return message }
        let pairs = Set(violations.map { "\($0.table) references a missing row of \($0.parent)" })
        return "foreign key violation: " + pairs.sorted().joined(separator: "; ")
    }

    /// Whether the failure is the migration's own (a statement or a foreign-key violation it left), rather than
    /// the file's or the system's.
    var isAboutTheMigration: Bool {
        switch reason {
        case .statementFailed, .foreignKeyViolation: true
        default: false
        }
    }
}
