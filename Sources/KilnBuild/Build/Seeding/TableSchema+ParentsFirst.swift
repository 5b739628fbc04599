import Kiln

extension TableSchema {
    /// Orders items so that each one's table comes after the tables its foreign keys reference; tables in a
    /// cycle, and self-references, keep the order given.
    ///
    /// - Returns: the items, parents first.
    package static func parentsFirst<Item>(_ items: [Item], table: (Item) -> TableSchema) -> [Item] {
        let names = Set(items.map { table($0).name.identifierKey })
        var remaining = items
        var ordered: [Item] = []
        var placed = Set<SQLIdentifierKey>()
        while !remaining.isEmpty {
            let ready = remaining.firstIndex { item in
                let name = table(item).name.identifierKey
                return table(item).foreignKeys.allSatisfy { key in
                    let parent = key.parent.identifierKey
                    return parent == name || !names.contains(parent) || placed.contains(parent)
                }
            }
            // In a cycle nothing is ready: take the next item as it comes.
            let next = remaining.remove(at: ready ?? 0)
            placed.insert(table(next).name.identifierKey)
            ordered.append(next)
        }
        return ordered
    }
}
