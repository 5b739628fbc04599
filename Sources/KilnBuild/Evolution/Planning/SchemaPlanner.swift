import Kiln

/// Plans the migration from one schema to another (`kiln plan`).
///
/// The steps run in this order: the renames named in ``SchemaPlanOptions/renames`` (`ALTER TABLE … RENAME TO`,
/// `RENAME COLUMN`); the triggers, views and indexes removed or changed, and those that depend on a table
/// about to be rebuilt, dropped; tables removed dropped; new tables created (foreign-key parents first, with
/// the wanted schema's own text); columns appended with `ALTER TABLE … ADD COLUMN` where SQLite allows it;
/// every other changed table rebuilt in SQLite's documented order (``TableRebuild``); FTS5 tables made again
/// with their rows and full-text indexes rebuilt from their content tables (``PlanBuilder/planVirtualTable(_:)``);
/// then indexes, views and triggers created. Statements copied from the wanted schema carry none of the
/// comments written inside them (``PlanSchema/withoutComments(on:)``): the migration writes each above its
/// statement instead. The migrator runs it in one transaction with foreign keys off and checks them after, so
/// the plan holds no `BEGIN`, `COMMIT` or `PRAGMA foreign_keys`.
package enum SchemaPlanner {
    /// The steps that turn the schema of `current` into the schema of `wanted`.
    ///
    /// Renames are tried on `current` inside a savepoint that is rolled back, so that SQLite rewrites the
    /// views, triggers and foreign keys that name them; nothing else is written to either database.
    ///
    /// - Parameters:
    ///   - current: a database with the schema the migrations produce (its rows are not read).
    ///   - wanted: a database with the schema the developer wants (the schema file's).
    ///   - options: renames, and whether data may be lost.
    /// - Returns: the plan; empty when the two schemas are the same.
    /// - Throws: ``SchemaPlanError`` for a rename that names nothing or a step that would lose data without
    ///   ``SchemaPlanOptions/allowsDataLoss``; ``SQLiteError`` when a schema cannot be read.
    package static func plan(
        from current: SQLiteConnection, to wanted: SQLiteConnection, options: SchemaPlanOptions = SchemaPlanOptions()
    ) throws -> SchemaPlan {
        let before = try PlanSchema.read(current)
        let read = try PlanSchema.read(wanted)
        let renames = try PlanRenames(options.renames, current: before, wanted: read)
        if renames.steps.isEmpty, before.model.changes(to: read.model).isEmpty { return SchemaPlan() }
        // Comments alone are no change; the statements the plan copies carry none.
        let wantedSchema = try read.withoutComments(on: wanted)
        var builder = PlanBuilder(
            current: try renames.schema(afterRenamesOn: current), wanted: wantedSchema, renames: renames,
            connection: wanted)
        try builder.planTables()
        builder.planIndexes()
        builder.planViewsAndTriggers()
        let plan = SchemaPlan(steps: builder.steps.map(wantedSchema.withSchemaFileComments), keptColumns: builder.kept)
        if !options.allowsDataLoss, !plan.dataLosses.isEmpty {
            throw plan.dataLossRefusal
        }
        return plan
    }
}
