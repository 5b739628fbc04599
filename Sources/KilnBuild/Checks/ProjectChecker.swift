import Foundation
import Kiln

/// Checks everything CI must catch before a release, for each database of a project, by running
/// ``CheckRules/database`` in order over one ``CheckContext`` (then ``CheckRules/project`` once):
///
/// 1. the migration integrity file (`kiln.sum`) matches the migrations;
/// 2. migrations and app queries use no SQLite feature newer than `minimumSQLite`;
/// 3. a fresh build (migrations, seeds, every bundler invariant) succeeds, twice, with identical bytes;
/// 4. a database that received data at every version (and one per developer fixture) upgrades to the fresh
///    build's schema; a failure names the migration once, with the starting versions it affects;
/// 5. every app query (`queries/<database>.sql`) prepares against the fresh build and the upgraded databases;
/// 6. lint warnings: destructive migrations, seeded tables without a primary key, queries that scan a seeded
///    table;
/// 7. once the project keeps schema files (`SchemaFileCheck`), `schema/<database>.sql` exists and describes
///    the schema of the newest version.
package struct ProjectChecker: Sendable {
    /// The project.
    package let project: KilnProject
    /// What both builds' SQL sees as 'now': nil for the time the check of a database starts.
    package var clock: BuildClock?
    /// Called as each step of a database's check starts, and while its fresh builds run; nil (the default)
    /// reports nothing.
    package var progress: (@Sendable (CheckProgress) -> Void)?

    /// The scratch builds' names in the system's temporary folder: `.kiln-check-<pid>-<random>-first.sqlite`.
    static let scratchNames = TemporaryName(mark: "kiln-check-")

    /// A checker for a project. The checker reports a migration edited since `kiln.sum`, and an untouched
    /// template, among its findings, so its copy of the project does not refuse them
    /// (``KilnProject/verifiesMigrationSums`` and ``KilnProject/refusesUntouchedTemplates`` off).
    package init(project: KilnProject) {
        var project = project
        project.verifiesMigrationSums = false
        project.refusesUntouchedTemplates = false
        self.project = project
    }

    /// The findings for one database, errors and warnings, in check order.
    ///
    /// - Returns: what was found; none when the database passes.
    package func findings(for database: String) -> [CheckFinding] {
        let context: CheckContext
        do { context = try CheckContext(checker: self, database: database) } catch let error as DiagnosticError {
            return [CheckFinding(.error(error, code: CheckerFindings.stopped))]
        } catch {
            return [CheckFinding(.checkFailed(database: database, description: "\(error)"))]
        }
        defer { context.removeScratchBuilds() }
        report(database, .migrationFiles)
        var findings: [CheckFinding] = []
        for rule in CheckRules.database {
            do { findings += try rule.findings(in: context) } catch let stop as CheckStop {
                return findings + stop.findings
            } catch let error as DiagnosticError {
                return findings + [
                    CheckFinding(.error(error, code: type(of: rule).codes.first?.id ?? CheckerFindings.stopped))
                ]
            } catch {
                return findings + [CheckFinding(.checkFailed(database: database, description: "\(error)"))]
            }
        }
        return findings
    }

    /// What is wrong with the project as a whole rather than with one database (``CheckRules/project``): each
    /// file of `schema/` that is no database's schema file, then each entry of `fixtures/` that names no
    /// database.
    ///
    /// - Returns: an error at each such entry; none when neither folder exists.
    package func projectFindings() -> [CheckFinding] {
        CheckRules.project.flatMap { $0.findings(in: project) }
    }

    /// Tells ``progress``, if any, that the check of `database` is at `step`.
    func report(_ database: String, _ step: CheckProgress.Step) {
        progress?(CheckProgress(database: database, step: step))
    }

    /// The findings for one database as diagnostics, in the library's words.
    ///
    /// - Returns: errors and warnings, in check order.
    package func check(_ database: String) -> [Diagnostic] {
        findings(for: database).flatMap(\.diagnostics)
    }

    /// Writes `migrations/<database>/kiln.sum` for the current migrations, atomically.
    ///
    /// - Parameters:
    ///   - database: the database whose migrations are recorded.
    ///   - warning: called when the file was published but its folder's `fsync` failed (the write succeeded).
    /// - Throws: what loading the migrations throws, or ``FileSystemError`` of a step before publishing (the
    ///   old `kiln.sum`, or none, is then still there).
    /// - Returns: the file's path relative to the root, and how many migrations it records.
    package func writeSum(for database: String, warning: (PublishWarning) -> Void = { _ in }) throws -> (
        path: String, migrations: Int
    ) {
        let set = try project.migrationSet(for: database)
        let relative = "migrations/\(database)/\(MigrationSum.fileName)"
        let path = project.root.appendingPathComponent(relative).path
        if let problem = try PublishWarning.writingAtomically(Array(try MigrationSum(set).text.utf8), to: path) {
            warning(problem)
        }
        return (relative, set.migrations.count)
    }

    /// What `migrations/<database>/kiln.sum` misses or contradicts, in the check's words; nothing when the
    /// database has no `kiln.sum`. How `kiln plan`, finding nothing to plan, tells that a migration it wrote
    /// before it was stopped (and before it recorded it) is still to be recorded.
    ///
    /// - Throws: what loading the migrations throws.
    /// - Returns: one diagnostic per migration added, edited, renamed or removed since the sum was written.
    package func sumDiagnostics(for database: String) throws -> [Diagnostic] {
        let set = try project.migrationSet(for: database)
        let sum = project.root.appendingPathComponent("migrations/\(database)/\(MigrationSum.fileName)").path
        guard FileSystem.exists(sum) else { return [] }
        return MigrationIntegrityCheck.check(set, project: project).flatMap(\.diagnostics)
    }
}
