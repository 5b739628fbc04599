/// What the developer allows `kiln plan` to do.
package struct SchemaPlanOptions: Sendable, Equatable {
    /// Tables and columns that are renamed rather than dropped and created.
    package var renames: [SchemaRename]
    /// Whether steps that can lose data (dropping a table or column, narrowing a type, adding `NOT NULL` or
    /// `CHECK` that existing rows may fail) are written, each marked with the lint-allow comment, instead of
    /// refused.
    package var allowsDataLoss: Bool
    /// Whether a migration that breaks app queries (`queries/<database>.sql`: a query that prepares on the
    /// schema before it and not after) is written, each such query warned of, instead of refused.
    package var allowsQueryBreaks: Bool

    /// Options with no renames, no data loss and no broken query allowed, unless given.
    package init(renames: [SchemaRename] = [], allowsDataLoss: Bool = false, allowsQueryBreaks: Bool = false) {
        self.renames = renames
        self.allowsDataLoss = allowsDataLoss
        self.allowsQueryBreaks = allowsQueryBreaks
    }
}
