import Foundation
import Kiln

/// For every version k from 1 to N-1: a database at k holding data (the developer's
/// `fixtures/<database>/<k>.sql`, or generated rows in every table) must migrate to N, pass the integrity and
/// foreign-key checks, and end with the fresh build's schema. Version k's database is a snapshot taken while
/// one database is migrated 1, 2, …, so the whole check is linear in N.
struct UpgradePathCheck {
    let project: KilnProject
    let migrator: Migrator

    private var database: String { migrator.migrations.database }

    /// The upgraded databases, by starting version, for the query check; and what went wrong.
    ///
    /// - Returns: each upgraded database that migrated, and the findings.
    func run() -> (upgraded: [(version: Int32, connection: SQLiteConnection)], findings: [CheckFinding]) {
        let latest = migrator.migrations.latestVersion
        guard latest > 1, let last = migrator.migrations.migrations.last else { return ([], []) }
        let lastFile = SourceLocation(path: last.path, line: 1, column: 1)
        var findings: [CheckFinding] = []
        var upgraded: [(Int32, SQLiteConnection)] = []
        do {
            let fresh = try migrator.freshSchema(at: latest)
            let chain = try SQLiteConnection(path: ":memory:")
            for version in 1..<latest {
                try migrator.migrate(chain, to: version)
                let snapshot = try SQLiteConnection(path: ":memory:")
                try chain.copyDatabase(into: snapshot)
                let (migrated, versionFindings) = try upgrade(snapshot, from: version, fresh: fresh, lastFile: lastFile)
                findings += versionFindings
                if migrated { upgraded.append((version, snapshot)) }
            }
        } catch let error as DiagnosticError {
            findings.append(CheckFinding(.error(error)))
        } catch {
            findings.append(CheckFinding(.upgradeCheckFailed(database: database, description: "\(error)")))
        }
        return (upgraded, findings)
    }

    /// Fills `snapshot` (at `version`) with data, migrates it to the newest version and compares it with the
    /// fresh build.
    ///
    /// - Throws: ``SQLiteError`` when the checks themselves cannot run.
    /// - Returns: whether it migrated (so app queries can be checked against it), and what went wrong.
    private func upgrade(
        _ snapshot: SQLiteConnection, from version: Int32, fresh: SchemaSnapshot, lastFile: SourceLocation
    )
        throws -> (migrated: Bool, findings: [CheckFinding])
    {
        do {
            try populate(snapshot, version: version)
        } catch let error as CheckError {
            return (false, error.findings)
        } catch let error as DiagnosticError {
            return (false, [CheckFinding(.error(error))])
        }
        do {
            try migrator.migrate(snapshot)
        } catch let error as MigrationError {
            return (
                false,
                error.diagnostics.map { diagnostic in
                    CheckFinding(
                        .upgradeFailed(database: database, version: version, message: diagnostic.message),
                        at: diagnostic.location ?? lastFile)
                }
            )
        }
        return (true, try compare(snapshot, from: version, fresh: fresh, lastFile: lastFile))
    }

    /// Integrity, foreign keys and schema of an upgraded database.
    private func compare(
        _ snapshot: SQLiteConnection, from version: Int32, fresh: SchemaSnapshot, lastFile: SourceLocation
    )
        throws -> [CheckFinding]
    {
        var findings: [CheckFinding] = []
        let integrity = try snapshot.rows(sql: "PRAGMA integrity_check")
        if integrity != [["ok"]] {
            let result = integrity.first?.first ?? .null
            findings.append(CheckFinding(.upgradeIntegrityFailed(version: version, result: result), at: lastFile))
        }
        if let first = try snapshot.rows(sql: "PRAGMA foreign_key_check").first {
            let reason = CheckFinding.Reason.upgradeForeignKeyViolation(
                database: database, version: version, table: first[0], rowid: first[1], parent: first[2])
            findings.append(CheckFinding(reason, at: lastFile))
        }
        for difference in SchemaDifference.compare(expected: fresh, actual: try SchemaSnapshot.read(from: snapshot)) {
            findings.append(CheckFinding(.upgradeDiverged(version: version, difference: difference), at: lastFile))
        }
        return findings
    }

    /// Loads the fixture for `version`, or generated rows.
    ///
    /// - Throws: ``CheckError`` when a fixture statement fails, or what reading the fixture throws.
    private func populate(_ connection: SQLiteConnection, version: Int32) throws {
        let relative = "fixtures/\(database)/\(version).sql"
        let path = project.root.appendingPathComponent(relative).path
        guard FileSystem.exists(path) else {
            _ = try GeneratedRows.insert(into: connection, version: version)
            return
        }
        let file = try SQLFile(path: path, displayPath: relative)
        for statement in file.statements {
            do {
                try connection.execute(sql: file.text(of: statement))
            } catch let error as SQLiteError {
                let location = SQLErrorLocator.locate(
                    error, statementStart: statement.range.lowerBound, source: file.source, statements: file.statements)
                throw CheckError(CheckFinding(.fixtureFailed(version: version, message: error.message), at: location))
            }
        }
    }
}
