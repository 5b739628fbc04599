import Kiln

/// The order tables are filled in: parents before children; in a cycle, first a table whose foreign keys to
/// tables not yet filled may all be NULL (they are set by ``CycleRepair`` once the parents have rows).
enum TableFillOrder {
    /// `tables` (given in name order) in fill order.
    ///
    /// - Returns: the same tables, parents first.
    static func ordered(_ tables: [UpgradeTable]) -> [UpgradeTable] {
        let names = Set(tables.map(\.name.identifierKey))
        var remaining = tables
        var ordered: [UpgradeTable] = []
        var placed = Set<SQLIdentifierKey>()
        while !remaining.isEmpty {
            func waiting(_ table: UpgradeTable) -> [TableSchema.ForeignKey] {
                table.schema.foreignKeys.filter { key in
                    let parent = key.parent.identifierKey
                    return parent != table.name.identifierKey && names.contains(parent) && !placed.contains(parent)
                }
            }
            func nullable(_ table: UpgradeTable, _ key: TableSchema.ForeignKey) -> Bool {
                key.columns.allSatisfy { name in table.position(of: name).map { !table.columns[$0].refusesNull } ?? true }
            }
            let ready =
                remaining.firstIndex { waiting($0).isEmpty }
                ?? remaining.firstIndex { table in waiting(table).allSatisfy { nullable(table, $0) } } ?? 0
            let next = remaining.remove(at: ready)
            placed.insert(next.name.identifierKey)
            ordered.append(next)
        }
        return ordered
    }
}
