import Kiln

/// Plans the migration from one schema to another (`kiln plan`).
public enum SchemaPlanner {
    /// The steps that turn the schema of `current` into the schema of `wanted`.
    ///
    /// - Parameters:
    ///   - current: a database with the schema the migrations produce (its rows are not read).
    ///   - wanted: a database with the schema the developer wants (the schema file's).
    ///   - options: renames, and whether data may be lost.
    /// - Returns: the plan; empty when the two schemas are the same.
    /// - Throws: ``SchemaPlanError`` for a rename that names nothing or a step that would lose data without
    ///   ``SchemaPlanOptions/allowsDataLoss``; ``SQLiteError`` when a schema cannot be read.
    public static func plan(
        from current: SQLiteConnection, to wanted: SQLiteConnection, options: SchemaPlanOptions = SchemaPlanOptions()
    ) throws -> SchemaPlan {
        // To be written (issue 14, planner).
        SchemaPlan()
    }
}
