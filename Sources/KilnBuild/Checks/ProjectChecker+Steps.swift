import Foundation
import Kiln

extension ProjectChecker {
    /// Lint of the seeds, then the app queries against the fresh build and every upgraded database.
    ///
    /// - Returns: what was found.
    func checkSeedsAndQueries(
        _ database: String, fresh: SQLiteConnection, upgraded: [(version: Int32, connection: SQLiteConnection)]
    ) -> [CheckFinding] {
        let tables: [SQLIdentifierKey: TableSchema]
        var seeds: [SeedFile] = []
        do {
            tables = try TableSchema.readAll(from: fresh)
            if FileSystem.exists(project.seedsDirectory.appendingPathComponent(database).path) {
                seeds = try project.seedFiles(for: database)
            }
        } catch let error as DiagnosticError {
            return [CheckFinding(.error(error))]
        } catch {
            return [CheckFinding(.freshBuildUnreadable(database: database, description: "\(error)"))]
        }
        let findings = LintCheck.seedsWithoutPrimaryKey(
            seeds, tables: tables, migrations: try? project.migrationSet(for: database))
        let relative = "queries/\(database).sql"
        let path = project.root.appendingPathComponent(relative).path
        guard FileSystem.exists(path) else { return findings }
        do {
            let queries = try SQLFile(path: path, displayPath: relative)
            let seeded = Set(seeds.map { $0.tableName.identifierKey })
            return findings + checkQueries(queries, fresh: fresh, upgraded: upgraded, seededTables: seeded)
        } catch let error as DiagnosticError {
            return findings + [CheckFinding(.error(error))]
        } catch {
            return findings + [CheckFinding(.queriesUnreadable(database: database, description: "\(error)"))]
        }
    }

    /// The app queries: features newer than the floor, failures on the fresh build, failures only after an
    /// upgrade (each reported once, with the version it comes from), full scans of seeded tables.
    private func checkQueries(
        _ queries: SQLFile, fresh: SQLiteConnection, upgraded: [(version: Int32, connection: SQLiteConnection)],
        seededTables: Set<SQLIdentifierKey>
    ) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        if let floor = project.configuration.minimumSQLite {
            findings += FeatureFloorCheck.check(source: queries.source, statements: queries.statements, floor: floor)
        }
        // A query that fails on the fresh build fails the same way after every upgrade.
        let freshFailures = AppQueryCheck.check(queries, against: fresh)
        findings += freshFailures
        var seen = Set(freshFailures.flatMap(\.diagnostics))
        for (version, connection) in upgraded {
            for failure in AppQueryCheck.check(queries, against: connection) {
                let new = failure.diagnostics.filter { seen.insert($0).inserted }
                if !new.isEmpty { findings.append(failure.upgraded(from: version)) }
            }
        }
        return findings + AppQueryCheck.fullScans(queries, against: fresh, seededTables: seededTables)
    }
}
