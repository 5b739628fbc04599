import Foundation
import Kiln

extension KilnProject {
    /// Plans, proves and words the next migration of `database`: from what its migrations produce to what
    /// `schema/<database>.sql` says (`kiln plan`). Nothing is written.
    ///
    /// - Parameters:
    ///   - database: the database.
    ///   - options: renames, and whether data may be lost or app queries broken.
    ///   - words: the words of the file name; nil to name it after the steps.
    ///   - review: what refuses a planned migration `kiln check` would fail, asked before it is proven, and
    ///     what prepares the app's queries on the schema before and after it.
    /// - Returns: the migration, or nil when the schema file matches the migrations.
    /// - Throws: ``PlanInputError`` for a missing schema file, ``SchemaFileError`` at a failing statement of
    ///   it, ``SchemaPlanError`` (located in the schema file when it names an object there),
    ///   ``PlanVerificationError`` when the plan cannot be proven, ``PlanQueryBreakError`` at each app query
    ///   it breaks (unless ``SchemaPlanOptions/allowsQueryBreaks``), ``PlanSQLiteError`` (located in the
    ///   schema file) when a statement of kiln's own fails, or the migrations' own errors.
    package func planMigration(
        for database: String, options: SchemaPlanOptions, words: [String]?, review: any PlannedMigrationReview
    ) throws -> PlannedMigration? {
        let migrator = try migrator(for: database)
        let source = try schemaFileSource(for: database)
        do {
            let wanted = try PlanSQLiteError.during(.readingSchemaFile) {
                try SchemaFile.load(source, preparedLike: migrator)
            }
            let current = try PlanSQLiteError.during(.readingMigrations) { try migrator.freshDatabase() }
            let plan = try PlanSQLiteError.during(.planning) {
                try SchemaPlanner.plan(from: current, to: wanted, options: options)
            }
            guard !plan.isEmpty else { return nil }
            return try prove(
                plan, of: database, migrator: migrator, wanted: wanted, options: options, words: words, review: review)
        } catch let error as SchemaPlanError where error.location == nil {
            throw SchemaFileObjects(source).locate(error)
        } catch let error as PlanVerificationError {
            throw SchemaFileObjects(source).locate(error)
        } catch let error as PlanSQLiteError {
            throw SchemaFileObjects(source).locate(error)
        }
    }

    /// The migration of `plan`, proven on data (``PlanVerifier``), refused when it breaks an app query unless
    /// `options` allow it, and written as text that reads back as exactly its statements
    /// (``SchemaPlan/checkedMigrationText(header:)``).
    private func prove(
        _ plan: SchemaPlan, of database: String, migrator: Migrator, wanted: SQLiteConnection,
        options: SchemaPlanOptions, words: [String]?, review: any PlannedMigrationReview
    ) throws -> PlannedMigration {
        let version = migrator.migrations.latestVersion + 1
        let name = words ?? PlannedMigration.slugWords(of: plan)
        // Words kiln takes from the names of the plan are cut to a slug that fits a file name; words given
        // with --name are the developer's, as for kiln new.
        let fileName = MigrationFileName.make(
            version: version, words: name, maximumSlugLength: words == nil ? PlannedMigration.maximumSlugLength : .max)
        let wantedModel = try PlanSQLiteError.during(.planning) { try SchemaModel.read(from: wanted) }
        let verifier = try PlanVerifier(migrator: migrator, wanted: wantedModel, project: self, review: review)
        // The header is comments only: the text proven has a short one; the file gets what was proven.
        let proven = try plan.withStandIns.checkedMigrationText(header: ["Migration \(version) of \(database)"])
        let verification = try verifier.verify(plan, fileName: fileName, text: proven)
        // The plan is proven to give the schema file's schema: the app's queries are prepared on it.
        let broken = try verifier.brokenQueries(by: plan, result: wanted)
        guard broken.isEmpty || options.allowsQueryBreaks else { throw PlanQueryBreakError(broken) }
        let header = PlanHeader.lines(
            plan, verification: verification, database: database, version: version, words: name)
        let text = try plan.checkedMigrationText(header: header)
        return PlannedMigration(
            plan: plan, version: version, fileName: fileName, text: text, verification: verification,
            placements: plan.migrationFile(header: header).placeholders, brokenQueries: broken)
    }

    /// `schema/<database>.sql`'s text as ``SchemaFile/source(for:in:)`` reads it (byte order mark skipped, so
    /// locations agree with ``SchemaFile/load(_:preparedLike:)``'s), named by its project-relative path.
    ///
    /// - Throws: ``PlanInputError`` when it is missing or cannot be read.
    private func schemaFileSource(for database: String) throws -> SourceText {
        let relative = SchemaFile.relativePath(for: database)
        do {
            guard let source = try SchemaFile.source(for: database, in: self) else {
                throw PlanInputError(.schemaFileMissing(database: database), path: relative)
            }
            return source
        } catch let error as FileSystemError {
            throw PlanInputError(.schemaFileUnreadable(error), path: relative)
        }
    }
}
