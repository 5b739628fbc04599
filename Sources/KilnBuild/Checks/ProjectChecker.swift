import Foundation
import Kiln

/// `kiln check`: everything CI must catch before a release, for each database of a project.
///
/// 1. the migration integrity file (`kiln.sum`) matches the migrations;
/// 2. migrations and app queries use no SQLite feature newer than `minimumSQLite`;
/// 3. a fresh build (migrations, seeds, every bundler invariant) succeeds, twice, with identical bytes;
/// 4. every upgrade path, from each version k with data, reaches the fresh build's schema;
/// 5. every app query (`queries/<database>.sql`) prepares against the fresh build and every upgraded database;
/// 6. lint warnings: destructive migrations, seeded tables without a primary key, queries that scan a seeded
///    table.
public struct ProjectChecker: Sendable {
    /// The project.
    public let project: KilnProject

    /// A checker for a project.
    public init(project: KilnProject) { self.project = project }

    /// The findings for one database, errors and warnings, in check order.
    public func check(_ database: String) -> [Diagnostic] {
        let migrator: Migrator
        do { migrator = try project.migrator(for: database) } catch let error as DiagnosticError {
            return error.diagnostics
        } catch {
            return [Diagnostic(.error, "\(database): \(error)")]
        }
        var diagnostics = MigrationIntegrityCheck.check(migrator.migrations, project: project)
        let floor = project.configuration.minimumSQLite
        if let floor {
            for migration in migrator.migrations.migrations {
                diagnostics += FeatureFloorCheck.check(
                    source: migration.source, statements: migration.statements, floor: floor)
            }
        }
        diagnostics += LintCheck.destructiveStatements(migrator.migrations)

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let fresh: SQLiteConnection
        do {
            try FileSystem.createDirectory(scratch.path)
            let first = scratch.appendingPathComponent("first.sqlite").path
            let second = scratch.appendingPathComponent("second.sqlite").path
            let digest = try project.sourceDigest(for: database)
            let builder = DatabaseBuilder(project: project, database: database)
            _ = try builder.build(into: first, sourceDigest: digest)
            _ = try builder.build(into: second, sourceDigest: digest)
            if try FileSystem.contents(of: first) != FileSystem.contents(of: second) {
                diagnostics.append(
                    Diagnostic(
                        .error, "\(database): two builds of the same sources are not byte-identical",
                        hint:
                            "something in the build depends on time or chance; report it with the migrations involved",
                        code: "build-not-reproducible"))
            }
            fresh = try SQLiteConnection(path: BundledFile.uri(first), mode: .readOnly)
        } catch let error as DiagnosticError {
            return diagnostics + error.diagnostics
        } catch {
            return diagnostics + [Diagnostic(.error, "\(database): \(error)", code: "build-failed")]
        }

        let (upgraded, upgradeDiagnostics) = UpgradePathCheck(project: project, migrator: migrator).run()
        diagnostics += upgradeDiagnostics

        let tables: [String: TableSchema]
        var seeds: [SeedFile] = []
        do {
            tables = try TableSchema.readAll(from: fresh)
            if FileManager.default.fileExists(atPath: project.seedsDirectory.appendingPathComponent(database).path) {
                seeds = try project.seedFiles(for: database)
            }
        } catch let error as DiagnosticError {
            return diagnostics + error.diagnostics
        } catch {
            return diagnostics + [
                Diagnostic(.error, "\(database): cannot read the fresh build: \(error)", code: "build-failed")
            ]
        }
        diagnostics += LintCheck.seedsWithoutPrimaryKey(seeds, tables: tables)

        let queriesPath = project.root.appendingPathComponent("queries/\(database).sql").path
        if FileManager.default.fileExists(atPath: queriesPath) {
            do {
                let queries = try SQLFile(path: queriesPath, displayPath: "queries/\(database).sql")
                if let floor {
                    diagnostics += FeatureFloorCheck.check(
                        source: queries.source, statements: queries.statements, floor: floor)
                }
                // A query that fails on the fresh build fails the same way after every upgrade; report each
                // failure once, and only upgrade-specific ones with the version they come from.
                let freshFindings = AppQueryCheck.check(queries, against: fresh)
                diagnostics += freshFindings
                var seen = Set(freshFindings)
                for (version, connection) in upgraded {
                    for finding in AppQueryCheck.check(queries, against: connection) where seen.insert(finding).inserted
                    {
                        diagnostics.append(
                            Diagnostic(
                                finding.severity, "\(finding.message) (after upgrading from version \(version))",
                                at: finding.location, hint: finding.hint, code: finding.code))
                    }
                }
                diagnostics += AppQueryCheck.fullScans(
                    queries, against: fresh, seededTables: Set(seeds.map { $0.tableName.lowercased() }))
            } catch let error as DiagnosticError {
                diagnostics += error.diagnostics
            } catch {
                diagnostics.append(
                    Diagnostic(.error, "cannot read queries/\(database).sql: \(error)", code: "query-failed"))
            }
        }
        return diagnostics
    }

    /// Writes `migrations/<database>/kiln.sum` for the current migrations; returns its path.
    public func writeSum(for database: String) throws -> (path: String, migrations: Int) {
        let set = try project.migrationSet(for: database)
        let relative = "migrations/\(database)/\(MigrationSum.fileName)"
        let path = project.root.appendingPathComponent(relative).path
        try FileSystem.writeAtomically(Array(MigrationSum(set).text.utf8), to: path)
        return (relative, set.migrations.count)
    }
}
