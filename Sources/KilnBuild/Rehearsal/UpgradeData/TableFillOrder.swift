import Kiln

/// The order tables are filled in: parents before children; in a cycle, first a table whose foreign keys to
/// tables not yet filled may all be NULL (they are set by ``CycleRepair`` once the parents have rows).
enum TableFillOrder {
    /// `tables` (given in name order) in fill order.
    ///
    /// - Returns: the same tables, parents first.
    static func ordered(_ tables: [UpgradeTable]) -> [UpgradeTable] {
        let keys = tables.map(\.name.identifierKey)
        let names = Set(keys)
        // For each table, its foreign keys to other tables of the schema: (parent, whether all columns may be NULL).
        let parents = tables.indices.map { index in
            tables[index].schema.foreignKeys.compactMap { key -> (SQLIdentifierKey, Bool)? in
                let parent = key.parent.identifierKey
                guard parent != keys[index], names.contains(parent) else { return nil }
                let table = tables[index]
                let nullable = key.columns.allSatisfy { name in
                    table.position(of: name).map { !table.columns[$0].refusesNull } ?? true
                }
                return (parent, nullable)
            }
        }
        var remaining = Array(tables.indices)
        var ordered: [UpgradeTable] = []
        var placed = Set<SQLIdentifierKey>()
        while !remaining.isEmpty {
            func waiting(_ index: Int) -> [(SQLIdentifierKey, Bool)] {
                parents[index].filter { !placed.contains($0.0) }
            }
            let ready =
                remaining.firstIndex { waiting($0).isEmpty }
                ?? remaining.firstIndex { waiting($0).allSatisfy(\.1) } ?? 0
            let next = remaining.remove(at: ready)
            placed.insert(keys[next])
            ordered.append(tables[next])
        }
        return ordered
    }
}
