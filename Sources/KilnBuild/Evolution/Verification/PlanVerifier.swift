import Foundation
import Kiln

/// What verifying a plan did, for `kiln plan` to say.
package struct PlanVerification: Sendable, Equatable {
    /// The data the plan ran on: generated rows, then each developer fixture's path.
    package var dataSets: [String] = []
    /// How many rows of kept tables were compared, over every data set.
    package var rowsCompared = 0
    /// Rows of the data sets the planned migration cannot carry (they break the wanted schema's constraints or
    /// refer to such rows), removed before the proof ran on the rest; empty when every row went through.
    package var setAside: [SetAsideRows] = []
    /// Tables the plan rebuilds or alters that kept no row in any data set: the plan is not proven on their
    /// data, in the wanted schema's names.
    package var tablesNotProvenOnData: [String] = []
}

/// Proves a plan before `kiln plan` writes it: on copies of the newest database holding generated rows (and
/// one per developer fixture), the planned migration runs as the migrator runs any migration (one
/// transaction, foreign keys off, `PRAGMA foreign_key_check` before it commits); the result must have the
/// wanted schema, and every kept, unconverted column the same values in the same rows.
package struct PlanVerifier {
    /// The database's migrator.
    package let migrator: Migrator
    /// The schema the plan must give (the schema file's).
    package let wanted: SchemaModel
    /// The developer's fixtures, each a data set of its own.
    let fixtures: [UpgradeFixture]
    /// The oldest SQLite the app runs on (`minimumSQLite` in `kiln.json`), whose features a plan may use.
    let floor: SQLiteVersion?
    /// What `kiln check` would refuse in the planned file, asked before the proof; nil to prove only.
    let review: (any PlannedMigrationReview)?

    /// A verifier for plans of `migrator`'s database.
    ///
    /// - Parameters:
    ///   - migrator: the database's migrator.
    ///   - wanted: the schema the plan must give.
    ///   - project: the project whose fixtures and `minimumSQLite` apply; nil for none.
    ///   - review: what refuses a planned file `kiln check` would fail; nil to prove the plan only.
    /// - Throws: ``FileSystemError`` when the fixture folder cannot be listed.
    package init(
        migrator: Migrator, wanted: SchemaModel, project: KilnProject? = nil,
        review: (any PlannedMigrationReview)? = nil
    ) throws {
        self.migrator = migrator
        self.wanted = wanted
        self.review = review
        fixtures = try project.map { try UpgradeFixture.all(in: $0, migrations: migrator.migrations).fixtures } ?? []
        floor = project?.configuration.minimumSQLite
    }

    /// Runs `text`, the plan's verification text (``SchemaPlan/withStandIns``'s migration text, comments kept so a failure's line is the file's), as migration `fileName` on every
    /// data set and compares the outcome.
    ///
    /// - Parameters:
    ///   - plan: the plan, for its kept columns and data-losing steps.
    ///   - fileName: the migration's file name, e.g. `0004_add_column_price_to_item.sql`.
    ///   - text: the text to run.
    /// - Returns: what was proven. Rows a data set holds that the planned migration cannot carry are set aside
    ///   first (whether or not data loss is allowed: that gate is the planner's), and said.
    /// - Throws: ``PlanVerificationError`` (also when `kiln check` would report an error in the planned file),
    ///   ``PlanSQLiteError`` when a statement of kiln's own fails on a data set, or what building a data set
    ///   throws.
    package func verify(_ plan: SchemaPlan, fileName: String, text: String) throws -> PlanVerification {
        let planned = try plannedMigrator(fileName: fileName, text: text)
        let refused = review?.errors(in: planned, floor: floor) ?? []
        guard refused.isEmpty else {
            let statement = PlannedStatements(text).statement(at: refused.first?.location)
            throw PlanVerificationError(.failsCheck(refused), statement: statement)
        }
        var verification = PlanVerification()
        var rowsPerTable: [SQLIdentifierKey: Int] = [:]
        for (name, build) in dataSets() {
            verification.dataSets.append(name)
            do {
                let data = try PlanSQLiteError.during(.fillingDataSet(name)) { try build() }
                let proof = try PlanSQLiteError.during(.proving(dataSet: name)) {
                    try prove(plan, planned, text: text, on: data, dataSet: name)
                }
                for (table, count) in proof.compared { rowsPerTable[table.identifierKey, default: 0] += count }
                verification.setAside += proof.setAside
            } catch var error as PlanVerificationError {
                error.statement = PlannedStatements(text).statement(at: error.plannedLocation)
                throw error
            }
        }
        verification.rowsCompared = rowsPerTable.values.reduce(0, +)
        var unproven: [String] = []
        for table in Self.tablesChanged(by: plan) where rowsPerTable[table.identifierKey, default: 0] == 0 {
            if !unproven.contains(where: { $0.identifierKey == table.identifierKey }) { unproven.append(table) }
        }
        verification.tablesNotProvenOnData = unproven
        return verification
    }

    /// The wanted names of the tables the plan rebuilds, renames or adds a column to, in step order.
    static func tablesChanged(by plan: SchemaPlan) -> [String] {
        plan.steps.compactMap { step in
            switch step.kind {
            case .rebuildTable, .renameTable: step.name
            case .addColumn: step.addedColumn?.table
            default: nil
            }
        }
    }

    /// Runs the planned migration on one data set and compares schema and kept rows.
    ///
    /// - Returns: how many rows were compared, per wanted table.
    func run(
        _ plan: SchemaPlan, _ planned: Migrator, on connection: SQLiteConnection, dataSet: String
    ) throws -> [String: Int] {
        let current = try SchemaModel.read(from: connection)
        let kept = KeptRows.all(in: plan, current: current, wanted: wanted)
        let before = try kept.map { try $0.tuples(on: connection, beforePlan: true) }
        do { try planned.migrate(connection) } catch let error as MigrationError {
            throw PlanVerificationError(.migrationFailed(dataSet: dataSet, error))
        }
        let differences = SchemaDifference.compare(expected: wanted, actual: try SchemaModel.read(from: connection))
        guard differences.isEmpty else { throw PlanVerificationError(.schemaDiffers(differences)) }
        var compared: [String: Int] = [:]
        for (table, tuples) in zip(kept, before) {
            let after = try table.tuples(on: connection, beforePlan: false)
            let counts = (tuples.values.reduce(0, +), after.values.reduce(0, +))
            guard tuples == after else {
                throw PlanVerificationError(
                    .rowsChanged(
                        table: table.table, sourceTable: table.sourceTable, columns: table.columns.map(\.target),
                        before: counts.0, after: counts.1))
            }
            compared[table.table, default: 0] += counts.0
        }
        return compared
    }

    /// The migrator with the planned migration after the newest one, configured as the database's.
    ///
    /// - Throws: ``MigrationSetError`` when the planned file breaks a rule of migration files.
    private func plannedMigrator(fileName: String, text: String) throws -> Migrator {
        let set = migrator.migrations
        let folder = set.migrations.last.map { String($0.path.dropLast($0.fileName.count + 1)) }
        var files = set.migrations.map { (name: $0.fileName, bytes: $0.source.bytes) }
        files.append((fileName, Array(text.utf8)))
        let withPlan = try MigrationSet(
            database: set.database, directoryPath: folder ?? "migrations/\(set.database)", files: files)
        var planned = Migrator(migrations: withPlan, applicationID: migrator.applicationID)
        planned.doubleQuotedStringLiterals = migrator.doubleQuotedStringLiterals
        planned.prepareConnection = migrator.prepareConnection
        planned.baselineIgnoredTables = migrator.baselineIgnoredTables
        return planned
    }

    /// Generated rows, then each fixture: a name and a function that builds a new database at the newest
    /// version holding that data.
    private func dataSets() -> [(String, () throws -> SQLiteConnection)] {
        let latest = migrator.migrations.latestVersion
        let generated: (String, () throws -> SQLiteConnection) = (
            "generated rows",
            {
                let connection = try migrator.freshDatabase()
                _ = try GeneratedRows.insert(into: connection, version: latest)
                return connection
            }
        )
        return [generated]
            + fixtures.map { fixture in
                (
                    fixture.relativePath,
                    {
                        let connection = try migrator.freshDatabase(at: fixture.version)
                        try fixture.load(into: connection)
                        try migrator.migrate(connection)
                        return connection
                    }
                )
            }
    }
}
