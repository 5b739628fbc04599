extension SchemaDifference {
    /// How `actual` differs from `expected`: missing, then extra tables; then each table's missing, extra and
    /// changed columns and constraints; then indexes, views and triggers. Empty when SQLite would treat the two
    /// schemas the same (see ``SchemaModel``).
    ///
    /// - Parameters:
    ///   - expected: the schema the database should have (a fresh build's).
    ///   - actual: the schema the database has.
    ///   - ignoringTables: tables left out on both sides with their indexes and triggers, such as another
    ///     migration tool's tracking table.
    /// - Returns: the differences, in a stable order.
    package static func compare(
        expected: SchemaSnapshot, actual: SchemaSnapshot, ignoringTables: [String] = []
    ) -> [SchemaDifference] {
        compare(expected: expected.model, actual: actual.model, ignoringTables: ignoringTables)
    }

    /// How the model `actual` differs from `expected`: the changes from `actual` to `expected`
    /// (``SchemaModel/changes(to:)``) rendered (``SchemaChange/differences``), "missing" being what the
    /// changes add and "extra" what they drop; `ignoringTables` are left out on both sides.
    ///
    /// - Returns: the differences, in a stable order.
    package static func compare(
        expected: SchemaModel, actual: SchemaModel, ignoringTables: [String] = []
    ) -> [SchemaDifference] {
        actual.excludingTables(ignoringTables).changes(to: expected.excludingTables(ignoringTables)).flatMap(
            \.differences)
    }

    /// A view's column names, each double-quoted as SQLite names it (`"id", "qty*2"`).
    static func columnNames(_ names: [String]) -> String {
        names.map(quoted).joined(separator: ", ")
    }

    /// `yes` or `no`.
    static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }
}
