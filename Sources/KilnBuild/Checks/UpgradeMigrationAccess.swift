import Kiln

/// Which tables' rows one migration may read and change, as SQLite's authorizer says while it compiles the
/// migration's statements on a database without rows (``SQLiteConnection/observingAuthorizations(_:during:)``).
/// SQLite asks about every table a statement, the triggers it fires and the views it reads may touch, whatever
/// the rows, and the schema of a database at a version is the same whichever rows it holds; so the same migration
/// on any database at that version touches the rows of these tables at most.
///
/// What SQLite does not say in tables, a migration is *opaque* about: anything whose effect depends on more than
/// the rows of the tables named (`ANALYZE`'s statistics, an attached database, a virtual table's own SQL, a
/// function of the connection's state such as `changes()` or `random()`, a `PRAGMA` kiln does not know to be a
/// setting, a temporary object that a copy of the database would lose). ``UpgradeRowReach`` then assumes the
/// worst.
struct UpgradeMigrationAccess: Equatable {
    /// Tables (and views) whose rows a statement reads.
    var reads: Set<SQLIdentifierKey> = []
    /// Tables a statement inserts into, updates, deletes from, creates, alters, indexes or drops; with the
    /// tables the migration leaves with a new definition (a table renamed into place is one).
    var writes: Set<SQLIdentifierKey> = []
    /// Whether a statement may read rows of any table: an integrity or foreign-key check as a table-valued function,
    /// `sqlite_sequence` (a row for each AUTOINCREMENT table), a `REINDEX`.
    var readsEveryTable = false
    /// Whether the migration does something whose effect the tables it names do not bound.
    var isOpaque = false
    /// The indexes a statement creates (SQLite then asks to fill each, as a `REINDEX`).
    private var createdIndexes: Set<SQLIdentifierKey> = []

    /// Tables whose rows a statement reads or changes.
    var touched: Set<SQLIdentifierKey> { reads.union(writes) }

    /// The schema's own tables: the same in every database at a version, whatever its rows.
    private static let schemaTables: Set<SQLIdentifierKey> = Set(
        ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"].map(\.identifierKey))
    /// The table of AUTOINCREMENT keys.
    private static let sequences = "sqlite_sequence".identifierKey
    /// Whether `name` is one of the planner's statistics tables (`sqlite_stat1`, `sqlite_stat4`), which `ANALYZE`
    /// fills from the rows.
    private static func isStatistics(_ name: String) -> Bool { name.lowercased().hasPrefix("sqlite_stat") }
    /// Table-valued functions that read only their arguments, or only the schema.
    private static let pureTableFunctions: Set<SQLIdentifierKey> = Set(["json_each", "json_tree"].map(\.identifierKey))
    /// Table-valued pragmas that read the rows of every table.
    private static let checkingTableFunctions: Set<SQLIdentifierKey> = Set(
        ["pragma_integrity_check", "pragma_quick_check", "pragma_foreign_key_check"].map(\.identifierKey))
    /// Functions whose result depends on the connection's past (the rows earlier statements changed or inserted)
    /// or on nothing (randomness), so on more than the rows a statement reads.
    private static let statefulFunctions: Set<SQLIdentifierKey> = Set(
        ["changes", "total_changes", "last_insert_rowid", "random", "randomblob", "sqlite_offset", "load_extension"]
            .map(\.identifierKey))
    /// Pragmas that are settings of the connection (the same on every path, and put back by the migrator before
    /// each migration), that read the schema only, or checks that return rows and fail nothing as statements.
    private static let knownPragmas: Set<SQLIdentifierKey> = Set(
        [
            "legacy_alter_table", "recursive_triggers", "defer_foreign_keys", "ignore_check_constraints",
            "reverse_unordered_selects", "query_only", "automatic_index", "cell_size_check", "trusted_schema",
            "case_sensitive_like", "foreign_keys", "user_version", "application_id", "table_info", "table_xinfo",
            "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list", "integrity_check",
            "quick_check", "foreign_key_check",
        ].map(\.identifierKey))

    /// Adds what `authorization` says the migration does; `modules` are the names of the virtual-table modules
    /// the connection has (`pragma_module_list`), whose eponymous tables (`dbstat`) are not the schema's.
    mutating func record(_ authorization: SQLiteAuthorization, modules: Set<SQLIdentifierKey>) {
        let first = authorization.first?.identifierKey
        let second = authorization.second?.identifierKey
        switch authorization.action {
        case .read:
            guard let name = authorization.first, let first, !Self.schemaTables.contains(first),
                !Self.pureTableFunctions.contains(first)
            else { return }
            if Self.checkingTableFunctions.contains(first) || first == Self.sequences {
                // sqlite_sequence holds a row for every AUTOINCREMENT table, kept by SQLite without saying so.
                readsEveryTable = true
            } else if Self.isStatistics(name) {
                isOpaque = true
            } else if name.lowercased().hasPrefix("pragma_") {
                // A pragma as a table-valued function: read at compile time, whether or not the walk runs it.
                let pragma = String(name.dropFirst("pragma_".count)).identifierKey
                if !Self.knownPragmas.contains(pragma) { isOpaque = true }
            } else if modules.contains(first) {
                isOpaque = true
            } else {
                // A table or view, perhaps one this migration renamed into place (the authorizer names the old
                // name only).
                reads.insert(first)
            }
        case .insert, .update, .delete, .createTable, .dropTable:
            guard let name = authorization.first, let first, !Self.schemaTables.contains(first) else { return }
            // An AUTOINCREMENT table's next key, or the planner's statistics, changed for tables SQLite does not name.
            if first == Self.sequences || Self.isStatistics(name) { isOpaque = true }
            writes.insert(first)
        case .createIndex, .alterTable:
            if let second { writes.insert(second) }
            if authorization.action == .createIndex, let first { createdIndexes.insert(first) }
        case .reindex:
            // Filling a new index reads its table, which CREATE INDEX named; a REINDEX of an index (which may
            // fail on a uniqueness its collation now breaks) reads a table SQLite does not name.
            if first.map(createdIndexes.contains) != true { readsEveryTable = true }
        case .function:
            if let second, Self.statefulFunctions.contains(second) { isOpaque = true }
        case .pragma:
            if first.map(Self.knownPragmas.contains) != true { isOpaque = true }
        case .select, .transaction, .savepoint, .recursive, .createTrigger, .dropTrigger, .createView, .dropView,
            .dropIndex:
            return
        default:
            // Temporary objects (a copy of the main database loses them), ATTACH, ANALYZE, virtual tables.
            isOpaque = true
        }
    }
}
