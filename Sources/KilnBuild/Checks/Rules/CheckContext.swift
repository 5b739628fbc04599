import Foundation
import Kiln

/// What the rules of one database's check read, computed once per database and only when a rule asks: the
/// migrations and their migrator, the settings, the fresh build, its schema and seeds, the app queries.
package final class CheckContext {
    /// The checker (its project, clock and progress).
    package let checker: ProjectChecker
    /// The database being checked.
    package let database: String
    /// The migrator of the database's migrations.
    package let migrator: Migrator
    /// The two scratch builds (in the system's temporary folder, named for this process: a killed check's files
    /// are swept by the next), removed by ``removeScratchBuilds()``.
    private let scratchBuilds: [String]
    private var build: (fresh: SQLiteConnection?, findings: [CheckFinding])?
    private var walked = Rehearsal(newestVersion: 0)
    private var freshRead: Result<FreshState, CheckStop>?
    private var queries: (file: SQLFile?, findings: [CheckFinding])?
    private var queryFailures: [CheckFinding]?

    /// The fresh build as read back: its tables, its schema and the database's seed files.
    package struct FreshState {
        /// The fresh build's tables.
        package let tables: [SQLIdentifierKey: TableSchema]
        /// The fresh build's schema, which every upgraded database must end with.
        package let schema: SchemaSnapshot
        /// The database's seed files (none without a seeds folder).
        package let seeds: [SeedFile]
    }

    /// The context of `database`'s check.
    ///
    /// - Throws: what making the database's migrator throws.
    package init(checker: ProjectChecker, database: String) throws {
        self.checker = checker
        self.database = database
        migrator = try checker.project.migrator(for: database)
        let temporaryFolder = FileManager.default.temporaryDirectory.path
        let scratch = ProjectChecker.scratchNames.path(for: "", in: temporaryFolder)
        scratchBuilds = [scratch + "-first.sqlite", scratch + "-second.sqlite"]
    }

    /// The project.
    package var project: KilnProject { checker.project }
    /// The database's migrations.
    package var migrations: MigrationSet { migrator.migrations }
    /// The app's oldest supported SQLite (`minimumSQLite`), if `kiln.json` sets one.
    package var minimumSQLite: SQLiteVersion? { project.configuration.minimumSQLite }

    /// Tells the checker's progress, if any, that the check is at `step`.
    package func report(_ step: CheckProgress.Step) { checker.report(database, step) }

    /// Removes the scratch builds, if any were made.
    package func removeScratchBuilds() {
        guard build != nil else { return }
        for path in scratchBuilds { try? FileSystem.remove(path) }
    }

    /// The two builds' findings and the first build, opened read-only and set up as the app's connection
    /// would be (nil when a build failed); built on the first call.
    package var freshBuild: (fresh: SQLiteConnection?, findings: [CheckFinding]) {
        if let build { return build }
        ProjectChecker.scratchNames.sweep(FileManager.default.temporaryDirectory.path)
        let asked = LintCheck.questions(of: migrations)
        walked = Rehearsal(
            newestVersion: migrations.latestVersion, referencesBefore: asked.references, tablesBefore: asked.tables,
            keepsNewestModel: SchemaFileCheck.isRequired(in: project))
        let made = checker.buildTwice(database, into: scratchBuilds, rehearsal: &walked)
        if let fresh = made.fresh {
            // App queries meet it as the app's connection would (upgraded ones were set by the migrator).
            try? migrator.prepare(fresh)
        }
        build = made
        return made
    }

    /// What the first fresh build's walk of the chain kept (``Rehearsal``): the foreign keys before each
    /// migration the rename lint asks about, the tables before each the destructive lint asks about, and the
    /// newest schema model when the project keeps schema files.
    /// Builds on the first call (see ``freshBuild``); a version the build did not reach has nothing kept.
    package var rehearsal: Rehearsal {
        _ = freshBuild
        return walked
    }

    /// The fresh build.
    ///
    /// - Throws: ``CheckStop`` (without findings: the build's rule reports them) when a build failed.
    package func fresh() throws -> SQLiteConnection {
        guard let fresh = freshBuild.fresh else { throw CheckStop(findings: []) }
        return fresh
    }

    /// The fresh build's tables, schema and seeds; read on the first call.
    ///
    /// - Throws: ``CheckStop`` with the error when they cannot be read.
    package func freshState() throws -> FreshState {
        if let freshRead { return try freshRead.get() }
        let read = Result { () throws(CheckStop) in try readFreshState() }
        freshRead = read
        return try read.get()
    }

    private func readFreshState() throws(CheckStop) -> FreshState {
        do {
            let fresh = try fresh()
            let folder = project.seedsDirectory.appendingPathComponent(database).path
            let schema = try SchemaSnapshot.read(from: fresh)
            return FreshState(
                tables: TableSchema.tables(of: schema.model), schema: schema,
                seeds: FileSystem.exists(folder) ? try project.seedFiles(for: database) : [])
        } catch let stop as CheckStop {
            throw stop
        } catch let error as DiagnosticError {
            throw CheckStop(findings: [CheckFinding(.error(error, code: "build-failed"))])
        } catch {
            throw CheckStop(findings: [CheckFinding(.freshBuildUnreadable(database: database, description: "\(error)"))]
            )
        }
    }

    /// `queries/<database>.sql`, when it exists, or why it cannot be read; read on the first call.
    var appQueries: (file: SQLFile?, findings: [CheckFinding]) {
        if let queries { return queries }
        let read = AppQueryRule.read(database, in: project)
        queries = read
        return read
    }

    /// The app queries that do not prepare on the fresh build; prepared on the first call.
    ///
    /// - Throws: ``CheckStop`` when there is no fresh build.
    func freshQueryFailures() throws -> [CheckFinding] {
        if let queryFailures { return queryFailures }
        let fresh = try fresh()
        let failures = appQueries.file.map { AppQueryCheck.check($0, against: fresh) } ?? []
        queryFailures = failures
        return failures
    }
}
