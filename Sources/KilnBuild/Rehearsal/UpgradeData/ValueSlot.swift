import Kiln

/// Columns of a table that take their values together: the child columns of one foreign key (a tuple of an
/// existing parent row, or NULLs), or one other column.
struct ValueSlot {
    /// Positions of the slot's columns among ``UpgradeTable/columns``.
    let positions: [Int]
    /// The foreign key the slot fills, when it is one.
    let foreignKey: TableSchema.ForeignKey?
    /// Whether every column of the slot may be NULL.
    let allowsNull: Bool

    /// The slots of `table`: one per foreign key whose columns are all insertable and not in an earlier key,
    /// then one per remaining column.
    ///
    /// - Returns: the slots, covering every insertable column once.
    static func slots(of table: UpgradeTable) -> [ValueSlot] {
        var slots: [ValueSlot] = []
        var claimed = Set<Int>()
        for key in table.schema.foreignKeys {
            let positions = key.columns.compactMap(table.position(of:))
            guard positions.count == key.columns.count, claimed.isDisjoint(with: positions) else { continue }
            claimed.formUnion(positions)
            slots.append(
                ValueSlot(
                    positions: positions, foreignKey: key,
                    allowsNull: positions.allSatisfy { !table.columns[$0].refusesNull }))
        }
        for position in table.columns.indices where !claimed.contains(position) {
            slots.append(
                ValueSlot(positions: [position], foreignKey: nil, allowsNull: !table.columns[position].refusesNull))
        }
        return slots
    }

    /// The query for the parent rows' key tuples a foreign key may point at: newest (highest key) first, at
    /// most 16, so that a child whose key must be unique (a link table) finds a free pair at once; nil when the
    /// parent's key columns cannot be named.
    ///
    /// - Returns: the SQL.
    static func parentKeySQL(of key: TableSchema.ForeignKey, tables: [SQLIdentifierKey: TableSchema]) -> String? {
        guard let parent = tables[key.parent.identifierKey] else { return nil }
        let columns = key.parentColumns.isEmpty ? parent.primaryKey.map(\.name) : key.parentColumns
        guard columns.count == key.columns.count, !columns.isEmpty else { return nil }
        let list = columns.map(quoted).joined(separator: ", ")
        let order = columns.map { "\(quoted($0)) DESC" }.joined(separator: ", ")
        let present = columns.map { "\(quoted($0)) IS NOT NULL" }.joined(separator: " AND ")
        return "SELECT DISTINCT \(list) FROM main.\(quoted(parent.name)) WHERE \(present) ORDER BY \(order) LIMIT 16"
    }
}
