import Kiln

/// Which tables of an isolated upgrade path (a database at a starting version holding only that version's
/// generated rows, ``UpgradeAttribution``) may hold rows other than those a database without rows holds at the
/// same version, as the path migrates on.
///
/// The path starts with its rows in every table. A migration that touches none of those tables runs, on the path,
/// the statements it runs on the database without rows, over the same rows: it does the same, and the tables stay
/// as they were. One that touches one of them may carry its rows into every table it writes. One that is opaque
/// (``UpgradeMigrationAccess/isOpaque``) may carry them anywhere. Schema changes are the same on both, whatever
/// the rows, as long as the path has not failed; a path that has failed stopped there.
///
/// So when the failing migration touches none of the path's tables, the path either failed before it, elsewhere,
/// or runs it as the database without rows does, which passes it: the path does not fail there, and need not be
/// migrated to know it.
struct UpgradeRowReach {
    /// The tables that may hold the path's rows, or what they became.
    private(set) var tables: Set<SQLIdentifierKey>
    /// Whether the path's rows may be anywhere.
    private(set) var isEverywhere = false

    /// A path whose rows are in `tables`.
    init(startingIn tables: Set<SQLIdentifierKey>) { self.tables = tables }

    /// Follows the path through a migration that touches `access`.
    mutating func follow(_ access: UpgradeMigrationAccess) {
        if access.isOpaque { isEverywhere = true }
        guard !isEverywhere, !tables.isEmpty else { return }
        if access.readsEveryTable || !tables.isDisjoint(with: access.touched) { tables.formUnion(access.writes) }
    }

    /// Whether a migration that touches `access` (and, for a foreign-key check, `checked` too) may meet the path's
    /// rows.
    func meets(_ access: UpgradeMigrationAccess, checking checked: Set<SQLIdentifierKey> = []) -> Bool {
        if isEverywhere || access.isOpaque { return true }
        guard !tables.isEmpty else { return false }
        return access.readsEveryTable || !tables.isDisjoint(with: access.touched.union(checked))
    }
}
