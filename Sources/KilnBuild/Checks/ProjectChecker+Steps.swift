import Foundation
import Kiln

extension ProjectChecker {
    /// The upgrade paths, lint of the seeds, then the app queries against the fresh build (the upgraded
    /// databases are checked as each one finishes, so none is kept).
    ///
    /// - Returns: what was found.
    func checkUpgradesSeedsAndQueries(_ database: String, migrator: Migrator, fresh: SQLiteConnection)
        -> [CheckFinding]
    {
        let tables: [SQLIdentifierKey: TableSchema]
        let freshSchema: SchemaSnapshot
        var seeds: [SeedFile] = []
        do {
            freshSchema = try SchemaSnapshot.read(from: fresh)
            tables = TableSchema.tables(of: freshSchema.model)
            if FileSystem.exists(project.seedsDirectory.appendingPathComponent(database).path) {
                seeds = try project.seedFiles(for: database)
            }
        } catch let error as DiagnosticError {
            return [CheckFinding(.error(error))]
        } catch {
            return [CheckFinding(.freshBuildUnreadable(database: database, description: "\(error)"))]
        }
        let (queries, queryFindings) = appQueries(database)
        let freshFailures = queries.map { AppQueryCheck.check($0, against: fresh) } ?? []
        let known = Set(freshFailures.flatMap(\.diagnostics))
        let upgrades = UpgradePathCheck(
            project: project, migrator: migrator, freshSchema: freshSchema,
            queryFailures: { connection in
                guard let queries else { return [] }
                return AppQueryCheck.check(queries, against: connection).filter {
                    !$0.diagnostics.allSatisfy(known.contains)
                }
            }, progress: { report(database, $0) })
        var findings =
            upgrades.run()
            + LintCheck.seedsWithoutPrimaryKey(
                seeds, tables: tables, migrations: migrator.migrations) + queryFindings
        guard let queries else { return findings }
        report(database, .appQueries)
        if let floor = project.configuration.minimumSQLite {
            findings += FeatureFloorCheck.check(source: queries.source, statements: queries.statements, floor: floor)
        }
        let seeded = Set(seeds.map { $0.tableName.identifierKey })
        return findings + freshFailures
            + FullScanCheck.findings(queries, against: fresh, seededTables: seeded)
    }

    /// `queries/<database>.sql`, when it exists, or why it cannot be read.
    private func appQueries(_ database: String) -> (file: SQLFile?, findings: [CheckFinding]) {
        let relative = "queries/\(database).sql"
        let path = project.root.appendingPathComponent(relative).path
        guard FileSystem.exists(path) else { return (nil, []) }
        do {
            return (try SQLFile(path: path, displayPath: relative), [])
        } catch let error as DiagnosticError {
            return (nil, [CheckFinding(.error(error))])
        } catch {
            return (nil, [CheckFinding(.queriesUnreadable(database: database, description: "\(error)"))])
        }
    }
}
