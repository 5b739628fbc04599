/// What the developer allows `kiln plan` to do.
package struct SchemaPlanOptions: Sendable, Equatable {
    /// Tables and columns that are renamed rather than dropped and created.
    package var renames: [SchemaRename]
    /// Whether steps that can lose data (dropping a table or column, narrowing a type, adding `NOT NULL` or
    /// `CHECK` that existing rows may fail) are written, each marked with the lint-allow comment, instead of
    /// refused.
    package var allowsDataLoss: Bool

    /// Options with no renames and no data loss allowed, unless given.
    package init(renames: [SchemaRename] = [], allowsDataLoss: Bool = false) {
        self.renames = renames
        self.allowsDataLoss = allowsDataLoss
    }
}
