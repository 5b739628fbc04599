import Kiln

/// One finding of a check (``ProjectChecker``): what is wrong, as a ``Reason`` a caller can switch on, and
/// where. The rule that makes it words it (`Checks/Rules`): its severity, message, hint and code.
package struct CheckFinding: Sendable {
    /// A statement in a migration after the first that deletes user data.
    package enum DestructiveStatement: String, Sendable, Equatable {
        /// `DROP TABLE`.
        case dropTable = "DROP TABLE"
        /// `ALTER TABLE … DROP COLUMN`.
        case dropColumn = "DROP COLUMN"
        /// `DELETE` without `WHERE`.
        case deleteWithoutWhere = "DELETE without WHERE"
    }

    /// What was found.
    package enum Reason: Sendable {
        /// `migrations/<database>/kiln.sum` does not exist.
        case sumMissing(database: String)
        /// `kiln.sum` exists but cannot be read.
        case sumUnreadable(database: String, FileSystemError)
        /// A line of `kiln.sum` is neither a comment, a migration line nor the total.
        case sumLineUnreadable
        /// A migration's SQL changed since `kiln.sum` recorded it.
        case migrationEdited(database: String, file: String)
        /// A migration was renamed from `from` since `kiln.sum` recorded it.
        case migrationRenamed(database: String, file: String, from: String)
        /// A migration is not in `kiln.sum`.
        case migrationAdded(database: String, file: String)
        /// A migration `kiln.sum` records is gone.
        case migrationRemoved(database: String, file: String)
        /// `kiln.sum`'s total line does not match its migration lines.
        case sumMismatch(database: String)
        /// SQL uses a feature newer than the app's oldest SQLite (`minimumSQLite`).
        case featureTooNew(feature: String, introduced: SQLiteVersion, floor: SQLiteVersion)
        /// Two builds of the same sources differ.
        case buildNotReproducible(database: String)
        /// The fresh build failed with an error that is not about a source file (`description` says what).
        case buildFailed(database: String, description: String)
        /// The fresh build could not be read back.
        case freshBuildUnreadable(database: String, description: String)
        // MARK: upgrade path
        /// Migrating a database holding data failed with `message` (at the failing migration's statement),
        /// for every starting version in `from`.
        case upgradeFailed(database: String, from: UpgradeStarts, message: String)
        /// Migrating a database holding generated rows of `shape` failed with `message`, for every starting
        /// version in `from`, where ordinary rows pass: a warning, since the app's data may never take that shape.
        case upgradeRisk(database: String, from: UpgradeStarts, message: String, shape: UpgradeRiskShape)
        /// After upgrading from the versions in `from`, `PRAGMA integrity_check` reported `result`.
        case upgradeIntegrityFailed(from: UpgradeStarts, result: SQLiteValue)
        /// After upgrading from the versions in `from`, a row of `table` references a missing row of `parent`.
        case upgradeForeignKeyViolation(
            database: String, from: UpgradeStarts, table: SQLiteValue, rowid: SQLiteValue, parent: SQLiteValue)
        /// Upgrading from the versions in `from` gives a different schema than a fresh build.
        case upgradeDiverged(from: UpgradeStarts, difference: SchemaDifference)
        /// The upgrade check stopped on an error that is not about a source file.
        case upgradeCheckFailed(database: String, description: String)
        /// A fixture statement failed against a database at `version`.
        case fixtureFailed(version: Int32, message: String)
        /// A file under `fixtures/<database>/` is not named by a version of the database.
        case fixtureMisnamed(database: String, file: String, problem: FixtureNameProblem)
        /// kiln's own generated rows for `version` break the schema they were made for (`problem`, in
        /// `table` when known): a fault of kiln, not of the migrations, so a warning.
        case generatedRowsRejected(database: String, version: Int32, table: String?, problem: String)
        /// An app query that prepares on the fresh build does not prepare after upgrading from the versions
        /// in `from`.
        case upgradedQueryFailed(message: String, from: UpgradeStarts)
        // MARK: -
        /// An app query does not prepare on the fresh build: SQLite's `message` (a failure only after an
        /// upgrade is ``upgradedQueryFailed(message:from:)``).
        case queryFailed(message: String)
        /// An app query does not prepare, for a reason other than SQLite's.
        case queryUnpreparable(description: String)
        /// `queries/<database>.sql` cannot be read.
        case queriesUnreadable(database: String, description: String)
        // MARK: lint
        /// A migration after the first deletes user data.
        case destructiveMigration(DestructiveStatement)
        /// A seeded table has no primary key.
        case seedWithoutPrimaryKey(table: String)
        /// An app query with a WHERE clause reads every row of a seeded table: SQLite's query plan on the
        /// built file has `plan` (e.g. `SCAN item`).
        case queryFullScan(table: String, plan: String)
        /// `ALTER TABLE table RENAME TO newName` while `referencedBy` reference `table` by foreign key.
        case renameReferencedTable(table: String, newName: String, referencedBy: [String])
        /// A `-- kiln:allow` comment names `name`, which is no lint rule (empty when it names none).
        case unknownLintRule(name: String, suggestion: String?)
        /// A `-- kiln:allow` comment silences no statement: it is inside one, past its first line, after a
        /// statement's last line, or after the last statement.
        case lintAllowMisplaced
        // MARK: end lint
        /// The check of `database` stopped on an error that is not about a source file.
        case checkFailed(database: String, description: String)
        /// Another area's error stopped a check (a migration set, a seed, a migration, `kiln.json`); `code` is
        /// the finding code of the rule it stopped, which its diagnostics carry.
        case error(any Error, code: String)

        // MARK: clock
        /// Two builds of the same sources, with the same clock, hold different data: `difference` says where.
        case buildsDiffer(database: String, difference: BuildDifference)
        // MARK: upgrade data
        /// Upgrade data could not be generated for `table` at `version` (nil when no version is known):
        /// `message` is SQLite's reason for the last candidate row (the constraint that blocked it).
        case tableNotPopulated(table: String, version: Int32?, message: String)

        // MARK: fixture folders
        /// `fixtures/<name>` names no database (`known` are the databases): kiln would never read it.
        case fixtureFolderUnknown(name: String, known: [String])

        // MARK: placeholders
        /// A migration of comments only: a valid placeholder version that changes nothing but the version.
        case placeholderMigration(version: Int32)

        /// A template placeholder (`$%…%$`, `{{ … }}`, `${…}`) another tool expands and kiln does not.
        case templatePlaceholder(token: String)

        // MARK: schema file
        /// The project keeps schema files (a `schema/` folder, or `"schemaFile": true`), but `path`
        /// (`schema/<database>.sql`, or the `.md` diagram `kiln.json` asks for) is missing.
        case schemaFileMissing(database: String, path: String)
        /// `path` exists but cannot be read.
        case schemaFileUnreadable(database: String, path: String, FileSystemError)
        /// `schema/<database>.sql` describes another schema than migrations 1…`version` produce: one
        /// `difference`, the migrations' schema expected, the file's found.
        case schemaFileStale(database: String, version: Int32, difference: SchemaDifference)
        /// `schema/<database>.md` is not the diagram of the migrations' schema.
        case schemaDiagramStale(database: String)
        // MARK: planned placeholders
        /// A `kiln_placeholder('…')` call `kiln plan` wrote for a value it will not guess, still in a migration:
        /// `description` says what to write in its place.
        case plannedPlaceholder(description: String)
        // MARK: schema file
        /// `schema/<name>` (a `.sql` or `.md` file) names no database (`known` are the databases): kiln would
        /// never read or check it.
        case schemaFileUnknown(name: String, known: [String])
        // MARK: findings that word themselves
        /// A finding of a rule whose findings carry their own words (``WordedFinding``).
        case worded(any WordedFinding)
    }

    /// What was found.
    package let reason: Reason
    /// Where, when it is in a file.
    package let location: SourceLocation?

    /// A finding at a location.
    package init(_ reason: Reason, at location: SourceLocation? = nil) {
        self.reason = reason
        self.location = location
    }
}
