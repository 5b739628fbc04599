/// A lint rule of `kiln check`: its warnings print the rule's name (`[drop-table]`), `--json` carries it as
/// `rule`, and the comment `-- kiln:allow <rule>[, <rule>...]` silences it for one statement.
package enum LintRule: String, CaseIterable, Sendable {
    /// `DROP TABLE` in a migration after the first, unless the table's rows were copied earlier in the same
    /// migration to a table that outlives it (the 12-step rebuild, a restored backup), the table is a `TEMP`
    /// one the migration made, or `IF EXISTS` names a table that does not exist then.
    case dropTable = "drop-table"
    /// `ALTER TABLE … DROP COLUMN` in a migration after the first, unless the column's values were copied
    /// earlier in the same migration to a place that outlives it.
    case dropColumn = "drop-column"
    /// `DELETE` without `WHERE` in a migration after the first.
    case deleteWithoutWhere = "delete-without-where"
    /// A seeded table without a primary key.
    case seedWithoutPrimaryKey = "seed-without-primary-key"
    /// An app query whose plan, on the built file, scans every row of a seeded table.
    case fullScan = "full-scan"
    /// `ALTER TABLE x RENAME TO y` while other tables reference `x` by foreign key (tables the same migration
    /// rebuilds after the rename excepted).
    case renameReferencedTable = "rename-referenced-table"
    /// An upgrade that fails only on rows ordinary data need not hold (duplicates, unusual values): the
    /// upgrade path's `upgrade-risk` warning, silenced on the failing statement.
    case upgradeRisk = "upgrade-risk"

    /// The rule names, in declaration order.
    package static var names: [String] { allCases.map(\.rawValue) }
}
